/**
 * Where and when a schedule's loads go: its plant, first load on the job, rate, load size, trucks
 * (warned when too few for the interval, R-ORD-3), travel and job times, truck type and plus load.
 */
import { SimpleGrid, Stack } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoadProjection } from '@dispatch/domain/orders/load-projection';
import { resourceByName } from '@dispatch/domain/resources/registry';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { OrderValues } from './order-entry-form';
import { FlagField, OrderNumberField, PickField, TimeField } from './order-fields';
import { plantTarget } from './order-targets';

const truckTypeTarget = resourceByName('truckTypes')!;

export function ScheduleFields({
  control,
  index,
  systemTypeId,
  readOnly,
  projection,
  trucksWarning,
  onPlantPicked,
}: {
  control: Control<OrderValues>;
  index: number;
  systemTypeId: SystemTypeId;
  readOnly: boolean;
  projection: LoadProjection | null;
  trucksWarning: string | null;
  onPlantPicked: (index: number, plantId: number | null) => void;
}) {
  const { t } = useTranslation();
  const base = `schedules.${index}` as const;
  const label = (key: string) => t(`orderEntry.fields.${key}`);
  const minutes = t('orderEntry.minutesSuffix');
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
      <PickField
        control={control}
        name={`${base}.schedule.plantId`}
        label={label('schedulePlant')}
        target={plantTarget}
        filters={{ systemTypeId: String(systemTypeId) }}
        readOnly={readOnly}
        onPick={(picked) => onPlantPicked(index, picked)}
      />
      <TimeField
        control={control}
        name={`${base}.schedule.firstLoadOnJobTime`}
        label={label('firstLoadOnJobTime')}
        invalidText={t('orderEntry.invalidTime')}
        readOnly={readOnly}
      />
      <OrderNumberField
        control={control}
        name={`${base}.schedule.quantityPerHour`}
        label={label('quantityPerHour')}
        readOnly={readOnly}
      />
      <OrderNumberField
        control={control}
        name={`${base}.primaryProduct.loadSize`}
        label={label('loadSize')}
        readOnly={readOnly}
      />
      <OrderNumberField
        control={control}
        name={`${base}.schedule.numberOfTrucks`}
        label={label('numberOfTrucks')}
        decimals={0}
        placeholder={projection ? String(projection.trucksNeeded) : undefined}
        warning={trucksWarning}
        readOnly={readOnly}
      />
      <OrderNumberField
        control={control}
        name={`${base}.schedule.loadIntervalTime`}
        label={label('loadIntervalTime')}
        decimals={0}
        suffix={minutes}
        placeholder={projection ? `${Math.round(projection.spacingMinutes)}${minutes}` : undefined}
        readOnly={readOnly}
      />
      <OrderNumberField
        control={control}
        name={`${base}.schedule.travelTimeToJob`}
        label={label('travelTimeToJob')}
        decimals={0}
        suffix={minutes}
        readOnly={readOnly}
      />
      <OrderNumberField
        control={control}
        name={`${base}.schedule.travelTimeToPlant`}
        label={label('travelTimeToPlant')}
        decimals={0}
        suffix={minutes}
        readOnly={readOnly}
      />
      <OrderNumberField
        control={control}
        name={`${base}.schedule.onJobWaitMinutes`}
        label={label('onJobWaitMinutes')}
        decimals={0}
        suffix={minutes}
        readOnly={readOnly}
      />
      <OrderNumberField
        control={control}
        name={`${base}.schedule.onJobWashMinutes`}
        label={label('onJobWashMinutes')}
        decimals={0}
        suffix={minutes}
        readOnly={readOnly}
      />
      <PickField
        control={control}
        name={`${base}.schedule.truckTypeId`}
        label={label('truckTypeId')}
        target={truckTypeTarget}
        readOnly={readOnly}
      />
      <Stack justify="flex-end" pb={8}>
        <FlagField
          control={control}
          name={`${base}.schedule.addPlusLoad`}
          label={label('addPlusLoad')}
          readOnly={readOnly}
        />
      </Stack>
    </SimpleGrid>
  );
}
