/** The order's header: customer, job, dates, status, types, plant, flags and notes. */
import { Badge, Divider, Grid, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { orderStatuses } from '@dispatch/domain/orders/order-status';
import { systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import { taxingTypeChoices, type Choice } from './order-entry-choices';
import type { OrderValues } from './order-entry-form';
import type { CustomerRecord } from './order-entry-records';
import { ChoiceField, FlagField, NotesField, PickField, TextField } from './order-fields';
import {
  customerTarget,
  freeShortLoadTarget,
  jobTarget,
  orderFlagTarget,
  orderTypeTarget,
  plantTarget,
  printMaterialTypeTarget,
  reasonTarget,
  shortLoadTypeTarget,
  standbyChargeTypeTarget,
} from './order-targets';
import { lookupText } from '../../lib/i18n/lookup-text';

export function OrderHeaderSection({
  control,
  values,
  systemTypeId,
  readOnly,
  credit,
  canCreateJob,
  onCustomerPicked,
  onJobPicked,
  handleNewJob,
  onShipDateTyped,
  onPlantPicked,
}: {
  control: Control<OrderValues>;
  values: OrderValues;
  systemTypeId: SystemTypeId;
  readOnly: boolean;
  credit: CustomerRecord | undefined;
  canCreateJob: boolean;
  onCustomerPicked: (customerId: number | null) => void;
  onJobPicked: (jobId: number | null) => void;
  handleNewJob: (typed: string) => void;
  onShipDateTyped: (value: string) => void;
  onPlantPicked: (plantId: number | null) => void;
}) {
  const { t } = useTranslation();
  const statusChoices: Choice[] = orderStatuses
    .filter((each) => each.key !== 'deleted' || values.orderStatusId === each.id)
    .map((each) => ({ id: each.id, label: each.name }));
  const statusLabel = (choice: Choice) =>
    t(`orderEntry.statuses.${orderStatuses.find((each) => each.id === choice.id)!.key}`);
  const notBlock = systemTypeId !== systemTypeIds.block;
  const label = (key: string) => t(`orderEntry.fields.${key}`);
  const choiceLabel = (group: string) => (choice: Choice) =>
    t(`orderEntry.${group}.${choice.id}`, { defaultValue: choice.label });
  const creditStatus = credit?.labels?.creditStatusId;
  const creditLabel = creditStatus && lookupText('creditStatuses', creditStatus);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('orderEntry.header')}>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <PickField
            control={control}
            name="customerId"
            label={label('customerId')}
            target={customerTarget}
            readOnly={readOnly}
            onPick={onCustomerPicked}
          />
          {credit && (
            <Group gap={6} mt={4}>
              <Text size="xs" c="dimmed">
                {t('orderEntry.creditStatus')}
              </Text>
              <Badge size="sm" variant="light" color={creditLabel ? 'teal' : 'gray'}>
                {creditLabel ?? t('orderEntry.noCreditStatus')}
              </Badge>
              {credit.cashOnlyFlag === true && (
                <Badge size="sm" variant="light" color="orange">
                  {t('orderEntry.cashOnly')}
                </Badge>
              )}
            </Group>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <PickField
            control={control}
            name="jobId"
            label={label('jobId')}
            target={jobTarget}
            filters={
              values.customerId === null ? undefined : { customerId: String(values.customerId) }
            }
            readOnly={readOnly || values.customerId === null}
            onPick={onJobPicked}
            create={
              canCreateJob && values.customerId !== null
                ? {
                    blank: t('orderEntry.newJob.option'),
                    typed: (text) => t('orderEntry.newJob.optionTyped', { text }),
                    onCreate: handleNewJob,
                  }
                : undefined
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 4, lg: 2 }}>
          <TextField
            control={control}
            name="customerPoNumber"
            label={label('customerPoNumber')}
            readOnly={readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 4, lg: 2 }}>
          <TextField
            control={control}
            name="orderedByName"
            label={label('orderedByName')}
            readOnly={readOnly}
          />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm" verticalSpacing="xs" mt="xs">
        <TextField
          control={control}
          name="orderDate"
          type="date"
          label={label('orderDate')}
          readOnly={readOnly}
        />
        <TextField
          control={control}
          name="shipDate"
          type="date"
          label={label('shipDate')}
          readOnly={readOnly}
          onValue={onShipDateTyped}
        />
        <ChoiceField
          control={control}
          name="orderStatusId"
          label={label('orderStatusId')}
          choices={statusChoices}
          labelOf={statusLabel}
          readOnly={readOnly}
        />
        <PickField
          control={control}
          name="orderTypeId"
          label={label('orderTypeId')}
          target={orderTypeTarget}
          filters={{ systemTypeId: String(systemTypeId) }}
          readOnly={readOnly}
        />
        <PickField
          control={control}
          name="plantId"
          label={label('plantId')}
          target={plantTarget}
          filters={{ systemTypeId: String(systemTypeId) }}
          readOnly={readOnly}
          onPick={onPlantPicked}
        />
        <PickField
          control={control}
          name="reasonId"
          label={label('reasonId')}
          target={reasonTarget}
          readOnly={readOnly}
        />
        <ChoiceField
          control={control}
          name="sourceTaxingType"
          label={label('sourceTaxingType')}
          choices={taxingTypeChoices}
          labelOf={choiceLabel('taxingTypes')}
          readOnly={readOnly}
        />
        <PickField
          control={control}
          name="orderFlagId"
          label={label('orderFlagId')}
          target={orderFlagTarget}
          readOnly={readOnly}
        />
        <PickField
          control={control}
          name="shortLoadTypeId"
          label={label('shortLoadTypeId')}
          target={shortLoadTypeTarget}
          readOnly={readOnly}
        />
        <PickField
          control={control}
          name="freeShortLoadId"
          label={label('freeShortLoadId')}
          target={freeShortLoadTarget}
          readOnly={readOnly}
        />
        <PickField
          control={control}
          name="standbyChargeTypeId"
          label={label('standbyChargeTypeId')}
          target={standbyChargeTypeTarget}
          readOnly={readOnly}
        />
        {notBlock && (
          <PickField
            control={control}
            name="printMaterialTypeId"
            label={label('printMaterialTypeId')}
            target={printMaterialTypeTarget}
            readOnly={readOnly}
          />
        )}
      </SimpleGrid>
      <Grid gap="sm" mt="xs" align="flex-end">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextField
            control={control}
            name="emailAddressCsv"
            label={label('emailAddressCsv')}
            placeholder={t('orderEntry.emailPlaceholder')}
            readOnly={readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Group gap="lg" pb={8}>
            <FlagField
              control={control}
              name="chargeOrderFlag"
              label={label('chargeOrderFlag')}
              readOnly={readOnly}
            />
            <FlagField
              control={control}
              name="imperialFlag"
              label={label('imperialFlag')}
              readOnly={readOnly}
            />
            <FlagField
              control={control}
              name="orderVerifiedFlag"
              label={label('orderVerifiedFlag')}
              readOnly={readOnly}
            />
            {systemTypeId === systemTypeIds.concrete && (
              <FlagField
                control={control}
                name="uploadMixToBatchPanel"
                label={label('uploadMixToBatchPanel')}
                readOnly={readOnly}
              />
            )}
            {systemTypeId === systemTypeIds.block && (
              <FlagField
                control={control}
                name="blockReturnOrderFlag"
                label={label('blockReturnOrderFlag')}
                readOnly={readOnly}
              />
            )}
          </Group>
        </Grid.Col>
      </Grid>
      <Divider my="sm" label={t('orderEntry.notes')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <NotesField
          control={control}
          name="dispatchNotes"
          label={label('dispatchNotes')}
          readOnly={readOnly}
        />
        <NotesField
          control={control}
          name="batchNotes"
          label={label('batchNotes')}
          readOnly={readOnly}
        />
        <NotesField
          control={control}
          name="creditNotes"
          label={label('creditNotes')}
          readOnly={readOnly}
        />
        <NotesField
          control={control}
          name="ticketNotes"
          label={label('ticketNotes')}
          readOnly={readOnly}
        />
      </SimpleGrid>
    </Paper>
  );
}
