/**
 * One schedule of an order: where and when the loads go, the primary product with its extras,
 * and the projected loads beside them, recomputed as the user types (projectLoads, R-ORD-3).
 */
import { Badge, Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import {
  projectSchedule,
  scheduleShortfall,
  type OrderValues,
  type PlantTimes,
} from './order-entry-form';
import { ProjectedLoads } from './projected-loads';
import { ScheduleFields } from './schedule-fields';
import { ScheduleProducts } from './schedule-products';

export type ProductPicked = (
  path: `schedules.${number}.${string}`,
  productId: number | null,
) => void;

type Props = {
  control: Control<OrderValues>;
  index: number;
  systemTypeId: SystemTypeId;
  flags: PermissionFlags;
  readOnly: boolean;
  plants: ReadonlyMap<number, PlantTimes>;
  productTarget: ResourceDefinition;
  extraTarget: ResourceDefinition;
  canRemove: boolean;
  onRemove: () => void;
  onProductPicked: ProductPicked;
  /** A price typed by hand is the user's: re-pricing leaves it be (R-ORD-23). */
  onPriceTyped: (path: `schedules.${number}.${string}`) => void;
  /** R-ORD-28: a plant chosen for this schedule (or cleared, to follow the order's again). */
  onPlantPicked: (index: number, plantId: number | null) => void;
};

export function ScheduleCard(props: Props) {
  const { t } = useTranslation();
  const { control, index, readOnly, flags } = props;
  const base = `schedules.${index}` as const;
  const values = useWatch({ control, name: base });
  const shipDate = useWatch({ control, name: 'shipDate' });
  const extras = useFieldArray({ control, name: `${base}.extraProducts` });
  const plantId = values?.schedule.plantId ?? null;
  const projection = values
    ? projectSchedule(shipDate, values, plantId === null ? undefined : props.plants.get(plantId))
    : null;
  const shortfall = values
    ? scheduleShortfall(values, plantId === null ? undefined : props.plants.get(plantId))
    : null;
  const trucksWarning = shortfall
    ? t('orderEntry.trucksShort', {
        count: shortfall.needed,
        interval: Math.round(shortfall.intervalMinutes * 10) / 10,
        set: t('orderEntry.trucksSet', { count: shortfall.set }),
      })
    : null;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={t('orderEntry.scheduleTitle', { number: index + 1 })}
    >
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={4}>{t('orderEntry.scheduleTitle', { number: index + 1 })}</Title>
          {projection && (
            <Badge variant="light" color="blue">
              {t('orderEntry.loadsBadge', { count: projection.numberOfLoads })}
            </Badge>
          )}
        </Group>
        {props.canRemove && !readOnly && (
          <Button variant="subtle" color="red" size="xs" onClick={props.onRemove}>
            {t('orderEntry.removeSchedule')}
          </Button>
        )}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="sm">
            <ScheduleFields
              control={control}
              index={index}
              systemTypeId={props.systemTypeId}
              readOnly={readOnly}
              projection={projection}
              trucksWarning={trucksWarning}
              onPlantPicked={props.onPlantPicked}
            />

            <ScheduleProducts
              control={control}
              index={index}
              systemTypeId={props.systemTypeId}
              flags={flags}
              readOnly={readOnly}
              values={values}
              extras={extras}
              productTarget={props.productTarget}
              extraTarget={props.extraTarget}
              onProductPicked={props.onProductPicked}
              onPriceTyped={props.onPriceTyped}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <ProjectedLoads projection={projection} index={index} />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
