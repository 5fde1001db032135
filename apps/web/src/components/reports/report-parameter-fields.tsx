/**
 * A report's parameters beyond its dates (R-RPT-51, R-RSCHED-2): only those the catalogue says
 * it takes. Plants, customers and products are pick lists searched as you type (R-PICK-1), the
 * products of the chosen system type (or of the user's); system types are the user's own
 * (R-PERM-2). Shared by the reports screen and the scheduling form.
 */
import { Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  reportDefinition,
  salesGroupings,
  type ReportKey,
} from '@dispatch/domain/reports/report-catalogue';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { customerResource } from '@dispatch/domain/resources/customers';
import { plantResource } from '@dispatch/domain/resources/plants';
import {
  aggregateProductResource,
  blockProductResource,
  concreteProductResource,
} from '@dispatch/domain/resources/products';
import { systemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import { ReferenceMultiSelect } from '../../resources/reference-multi-select';

export type ReportParameterValues = {
  plantIds: number[];
  customerIds: number[];
  productIds: number[];
  systemTypeId: SystemTypeId | null;
  groupBy: (typeof salesGroupings)[number] | null;
};

export const emptyParameterValues: ReportParameterValues = {
  plantIds: [],
  customerIds: [],
  productIds: [],
  systemTypeId: null,
  groupBy: null,
};

const productResourceOf: Record<SystemTypeId, ResourceDefinition> = {
  1: concreteProductResource,
  2: aggregateProductResource,
  3: blockProductResource,
};

/** The values a report takes, ready for its request (what it does not take is left out). */
export function parametersFor(key: ReportKey, values: ReportParameterValues) {
  const taken = new Set(reportDefinition(key).parameters);
  return {
    plantIds: taken.has('plants') ? values.plantIds : [],
    customerIds: taken.has('customers') ? values.customerIds : [],
    productIds: taken.has('products') ? values.productIds : [],
    ...(taken.has('systemType') && values.systemTypeId !== null
      ? { systemTypeId: values.systemTypeId }
      : {}),
    ...(taken.has('groupBy') ? { groupBy: values.groupBy ?? 'product' } : {}),
  };
}

type ReportParameterFieldsProps = {
  reportKey: ReportKey;
  values: ReportParameterValues;
  onChange: (values: ReportParameterValues) => void;
  allowedSystemTypes: readonly SystemTypeId[];
  /** Problems by field name as the server names them (plantIds, systemTypeId, ...). */
  errors?: Readonly<Record<string, string>>;
};

export function ReportParameterFields({
  reportKey,
  values,
  onChange,
  allowedSystemTypes,
  errors = {},
}: ReportParameterFieldsProps) {
  const { t } = useTranslation();
  const taken = new Set(reportDefinition(reportKey).parameters);
  const set = (patch: Partial<ReportParameterValues>) => onChange({ ...values, ...patch });
  const productTypes =
    values.systemTypeId !== null
      ? [values.systemTypeId]
      : allowedSystemTypes.length > 0
        ? allowedSystemTypes
        : systemTypes.map((type) => type.id);
  const systemTypeName = (id: SystemTypeId) =>
    t(`reports.systemTypes.${systemTypes.find((type) => type.id === id)!.key}`);
  const problem = (field: string) => errors[field] ?? errors[`params.${field}`];

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {taken.has('plants') ? (
          <ReferenceMultiSelect
            name="plantIds"
            targets={[plantResource]}
            label={t('reports.plants')}
            placeholder={t('reports.allPlants')}
            value={values.plantIds}
            onChange={(plantIds) => set({ plantIds })}
          />
        ) : null}
        {taken.has('customers') ? (
          <ReferenceMultiSelect
            name="customerIds"
            targets={[customerResource]}
            label={t('reports.customers')}
            placeholder={t('reports.allCustomers')}
            value={values.customerIds}
            onChange={(customerIds) => set({ customerIds })}
          />
        ) : null}
        {taken.has('systemType') ? (
          <Select
            label={t('reports.systemType')}
            placeholder={t('reports.allSystemTypes')}
            clearable
            value={values.systemTypeId === null ? null : String(values.systemTypeId)}
            // Products belong to a system type: a change of type empties the chosen products.
            onChange={(value) =>
              set({
                systemTypeId: value === null ? null : (Number(value) as SystemTypeId),
                productIds: value === null ? values.productIds : [],
              })
            }
            data={allowedSystemTypes.map((id) => ({
              value: String(id),
              label: systemTypeName(id),
            }))}
            error={problem('systemTypeId')}
          />
        ) : null}
        {taken.has('products') ? (
          <ReferenceMultiSelect
            key={productTypes.join(',')}
            name="productIds"
            targets={productTypes.map((id) => productResourceOf[id])}
            groupLabel={(target) =>
              systemTypeName(productTypes.find((id) => productResourceOf[id] === target) ?? 1)
            }
            label={t('reports.products')}
            placeholder={t('reports.allProducts')}
            value={values.productIds}
            onChange={(productIds) => set({ productIds })}
          />
        ) : null}
      </SimpleGrid>
      {taken.has('groupBy') ? (
        <Group gap="sm" align="center">
          <Text size="sm" fw={500} id={`group-by-${reportKey}`}>
            {t('reports.groupBy')}
          </Text>
          <SegmentedControl
            aria-labelledby={`group-by-${reportKey}`}
            size="xs"
            value={values.groupBy ?? 'product'}
            onChange={(value) => set({ groupBy: value })}
            data={salesGroupings.map((grouping) => ({
              value: grouping,
              label: t(`reports.groupings.${grouping}`),
            }))}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
