/**
 * What a price escalation changes (R-ESC-2): system types, product types, products, plants, and
 * for quotes customers and quotes; none chosen means all.
 */
import { Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EscalationKind } from '@dispatch/domain/pricing/price-escalation';
import { customerResource } from '@dispatch/domain/resources/customers';
import { plantResource } from '@dispatch/domain/resources/plants';
import {
  aggregateProductResource,
  blockProductResource,
  concreteProductResource,
  otherProductResource,
} from '@dispatch/domain/resources/products';
import { quoteResource } from '@dispatch/domain/resources/quotes';
import { resourceByName } from '@dispatch/domain/resources/registry';
import { systemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import { ReferenceMultiSelect } from '../../resources/reference-multi-select';
import type { EscalationForm } from './price-escalation-form';
import { systemTypeLabel, targetLabel } from './price-escalation-text';

const productTargets = [
  concreteProductResource,
  aggregateProductResource,
  blockProductResource,
  otherProductResource,
];
const productTypeTarget = resourceByName('productTypes');

export function EscalationSelectionPanel({
  kind,
  form,
  update,
  selectionError,
}: {
  kind: EscalationKind;
  form: EscalationForm;
  update: (patch: Partial<EscalationForm>) => void;
  /** The server's reasons against the selection, joined. */
  selectionError: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('priceEscalation.selection')}
    >
      <Stack gap="sm">
        <Title order={4}>{t('priceEscalation.selection')}</Title>
        <Text size="sm" c="dimmed">
          {t('priceEscalation.selectionHint')}
        </Text>
        <Checkbox.Group
          label={t('priceEscalation.systemTypesLabel')}
          value={form.systemTypeIds.map(String)}
          onChange={(values) =>
            update({ systemTypeIds: values.map((value) => Number(value) as SystemTypeId) })
          }
        >
          <Group mt={6} gap="lg">
            {systemTypes.map((type) => (
              <Checkbox key={type.id} value={String(type.id)} label={systemTypeLabel(t, type.id)} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {productTypeTarget ? (
            <ReferenceMultiSelect
              name="productTypeIds"
              targets={[productTypeTarget]}
              label={t('priceEscalation.productTypes')}
              placeholder={t('priceEscalation.all')}
              value={form.productTypeIds}
              onChange={(productTypeIds) => update({ productTypeIds })}
            />
          ) : null}
          <ReferenceMultiSelect
            name="productIds"
            targets={productTargets}
            groupLabel={(target) => targetLabel(t, target)}
            label={t('priceEscalation.products')}
            placeholder={t('priceEscalation.all')}
            value={form.productIds}
            onChange={(productIds) => update({ productIds })}
          />
          <ReferenceMultiSelect
            name="plantIds"
            targets={[plantResource]}
            label={t('priceEscalation.plants')}
            description={t(`priceEscalation.plantsHint.${kind}`)}
            placeholder={t('priceEscalation.all')}
            value={form.plantIds}
            onChange={(plantIds) => update({ plantIds })}
          />
          {kind === 'quote' ? (
            <>
              <ReferenceMultiSelect
                name="customerIds"
                targets={[customerResource]}
                label={t('priceEscalation.customers')}
                placeholder={t('priceEscalation.all')}
                value={form.customerIds}
                onChange={(customerIds) => update({ customerIds })}
              />
              <ReferenceMultiSelect
                name="quoteIds"
                targets={[quoteResource]}
                label={t('priceEscalation.quotes')}
                description={t('priceEscalation.quotesHint')}
                placeholder={t('priceEscalation.all')}
                value={form.quoteIds}
                onChange={(quoteIds) => update({ quoteIds })}
              />
            </>
          ) : null}
        </SimpleGrid>
        {selectionError ? (
          <Text size="sm" c="red" role="alert">
            {selectionError}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
