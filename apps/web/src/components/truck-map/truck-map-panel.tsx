/**
 * R-MAP-1..4: the dispatcher's map as the board and the dashboard place it: the legend of status
 * colours, the map (Leaflet, loaded on first show as its own chunk) and the trucks as a compact
 * list beside or under it, each with its number, status and ETA, which pans the map to the truck
 * and opens its popup. The list is how a screen reader, a phone and the tests read the map.
 */
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
  type MantineColor,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MapTruck } from '@dispatch/domain/trucks/truck-map';
import { truckStatuses, type TruckStatusKey } from '@dispatch/domain/trucks/truck-status';
import { ApiError } from '../../lib/api-client';
import { statusKeyOf, trucksInOrder } from './truck-map-live';
import classes from './truck-map.module.css';
import { useTruckMap } from './use-truck-map';

const TruckMapView = lazy(() =>
  import('./truck-map-view').then((module) => ({ default: module.TruckMapView })),
);

export type TruckStatusColors = Readonly<Record<TruckStatusKey, MantineColor>>;

type Props = {
  /** The screen's own colour for each truck status, so the map matches what is beside it. */
  statusColors: TruckStatusColors;
  /** The map's height (CSS). */
  height: string;
  /** The truck list beside the map (wide screens) or under it (phones). */
  list: 'side' | 'below';
  /** Its own heading; off where the screen's card names it. */
  heading?: boolean;
};

const noStatusColor: MantineColor = 'gray';

export function TruckMapPanel({ statusColors, height, list, heading = true }: Props) {
  const { t } = useTranslation();
  const map = useTruckMap();
  const [focus, setFocus] = useState<{ truckId: number; seq: number } | null>(null);
  const colorOf = useCallback(
    (statusId: number | null) => {
      const key = statusKeyOf(statusId);
      return `var(--mantine-color-${key ? statusColors[key] : noStatusColor}-6)`;
    },
    [statusColors],
  );
  const trucks = useMemo(() => (map.data ? trucksInOrder(map.data.trucks) : []), [map.data]);
  const statusName = (statusId: number | null) => {
    const key = statusKeyOf(statusId);
    return key ? t(`truckMap.statuses.${key}`) : t('truckMap.noStatus');
  };

  const forbidden =
    map.error instanceof ApiError && (map.error.status === 401 || map.error.status === 403);

  return (
    <Stack gap={6}>
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        {heading && <Title order={4}>{t('truckMap.title')}</Title>}
        <Legend statusColors={statusColors} />
      </Group>
      {map.isError && (
        <Alert color="red" variant="light" title={t('truckMap.failed')} py="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{map.error.message}</Text>
            {!forbidden && (
              <Button size="xs" variant="light" color="red" onClick={() => void map.refetch()}>
                {t('truckMap.retry')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {!map.data && map.isPending && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('truckMap.loading')}</Text>
        </Group>
      )}
      {map.data && (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: list === 'side' ? 'minmax(0, 1fr) 15rem' : 'minmax(0, 1fr)',
            gap: 'var(--mantine-spacing-xs)',
          }}
        >
          <div
            role="region"
            aria-label={t('truckMap.region')}
            className={classes.frame}
            style={{ height }}
          >
            <Suspense
              fallback={
                <Center h="100%">
                  <Loader size="sm" aria-label={t('truckMap.loading')} />
                </Center>
              }
            >
              <TruckMapView map={map.data} colorOf={colorOf} focus={focus} />
            </Suspense>
          </div>
          <Stack gap={4}>
            {trucks.length === 0 ? (
              <Text size="xs" c="dimmed">
                {t('truckMap.noTrucks')}
              </Text>
            ) : (
              <ScrollArea.Autosize mah={list === 'side' ? height : undefined} type="auto">
                <TruckList
                  trucks={trucks}
                  colorOf={colorOf}
                  statusName={statusName}
                  onPick={(truckId) => setFocus((last) => ({ truckId, seq: (last?.seq ?? 0) + 1 }))}
                />
              </ScrollArea.Autosize>
            )}
            {map.data.tileUrl === null && (
              <Text size="xs" c="dimmed">
                {t('truckMap.noTiles')}
              </Text>
            )}
          </Stack>
        </div>
      )}
    </Stack>
  );
}

function TruckList({
  trucks,
  colorOf,
  statusName,
  onPick,
}: {
  trucks: readonly MapTruck[];
  colorOf: (statusId: number | null) => string;
  statusName: (statusId: number | null) => string;
  onPick: (truckId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className={classes.truckList} aria-label={t('truckMap.trucks')}>
      {trucks.map((truck) => (
        <li key={truck.truckId}>
          <UnstyledButton
            className={classes.truckButton}
            aria-label={[
              truck.identificationNumber,
              statusName(truck.statusId),
              truck.statusFromGps ? t('truckMap.gpsTitle') : '',
              truck.etaMinutes === null ? '' : t('truckMap.eta', { minutes: truck.etaMinutes }),
            ]
              .filter((part) => part !== '')
              .join(', ')}
            onClick={() => onPick(truck.truckId)}
          >
            <span
              className={classes.legendSwatch}
              style={{ background: colorOf(truck.statusId) }}
            />
            <Text span size="xs" fw={700}>
              {truck.identificationNumber}
            </Text>
            <Text span size="xs" truncate>
              {statusName(truck.statusId)}
              {truck.statusFromGps && (
                <span className={classes.gps} title={t('truckMap.gpsTitle')}>
                  {t('truckMap.gps')}
                </span>
              )}
            </Text>
            <Text span size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {truck.etaMinutes === null
                ? ''
                : t('truckMap.etaShort', { minutes: truck.etaMinutes })}
            </Text>
          </UnstyledButton>
        </li>
      ))}
    </ul>
  );
}

function Legend({ statusColors }: { statusColors: TruckStatusColors }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="wrap" role="list" aria-label={t('truckMap.legend')}>
      {truckStatuses.map((status) => (
        <Group key={status.key} gap={4} wrap="nowrap" role="listitem">
          <span
            className={classes.legendSwatch}
            style={{ background: `var(--mantine-color-${statusColors[status.key]}-6)` }}
          />
          <Text size="xs">{t(`truckMap.statuses.${status.key}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}
