/**
 * The filters above the pending list (R-PEND-8): one chip per kind with its count, the search,
 * the system type (when the user has more than one) and the plant, and Clear once any is set.
 */
import type { RefObject } from 'react';
import {
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pendingKinds, type PendingKind } from '@dispatch/domain/orders/pending-orders';
import { systemTypeById, type SystemTypeId } from '@dispatch/domain/system-types';
import type { PlantRow } from '../../data/plants/plant-queries';
import { kindColors } from './pending-orders-table';
import { allKinds } from './use-pending-filters';

const chip = (value: string, label: string, count: number, color: string) => ({
  value,
  label: (
    <Group gap={6} wrap="nowrap" justify="center">
      <span>{label}</span>
      <Badge size="sm" circle={count < 10} color={color} variant={count ? 'filled' : 'light'}>
        {count}
      </Badge>
    </Group>
  ),
});

type Props = {
  kind: PendingKind | typeof allKinds;
  counts: Readonly<Record<PendingKind, number>>;
  setParam: (name: string, value: string | null) => void;
  search: string;
  setSearch: (search: string) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  fetching: boolean;
  allowedSystemTypes: readonly SystemTypeId[];
  systemTypeId: SystemTypeId | undefined;
  plants: readonly PlantRow[] | undefined;
  plantId: number | undefined;
  filtered: boolean;
  onClear: () => void;
};

export function PendingFilterBar({
  kind,
  counts,
  setParam,
  search,
  setSearch,
  searchRef,
  fetching,
  allowedSystemTypes,
  systemTypeId,
  plants,
  plantId,
  filtered,
  onClear,
}: Props) {
  const { t } = useTranslation();
  const total = counts.hold + counts.willCall + counts.request;
  const typeChoices = allowedSystemTypes.map((id) => ({
    value: String(id),
    label: t(`orderEntry.systemTypes.${systemTypeById(id).key}`),
  }));
  const plantChoices = (plants ?? [])
    .filter(
      (plant) =>
        !plant.inactiveFlag &&
        allowedSystemTypes.some((id) => id === plant.systemTypeId) &&
        (systemTypeId === undefined || plant.systemTypeId === systemTypeId),
    )
    .map((plant) => ({ value: String(plant.id), label: plant.description ?? `#${plant.id}` }));

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <SegmentedControl
          value={kind}
          onChange={(value) => setParam('kind', value)}
          aria-label={t('pendingOrders.kindFilter')}
          fullWidth
          data={[
            chip(allKinds, t('pendingOrders.kinds.all'), total, 'gray'),
            ...pendingKinds.map((each) =>
              chip(each, t(`pendingOrders.kinds.${each}`), counts[each], kindColors[each]),
            ),
          ]}
        />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            ref={searchRef}
            type="search"
            label={t('pendingOrders.search')}
            placeholder={t('pendingOrders.searchHint')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            rightSection={
              fetching ? <Loader size={14} aria-label={t('pendingOrders.refreshing')} /> : null
            }
            style={{ flex: '1 1 260px' }}
          />
          {typeChoices.length > 1 ? (
            <Select
              label={t('pendingOrders.systemType')}
              placeholder={t('pendingOrders.any')}
              data={typeChoices}
              value={systemTypeId === undefined ? null : String(systemTypeId)}
              onChange={(value) => setParam('systemTypeId', value)}
              clearable
              w={{ base: '100%', sm: 170 }}
            />
          ) : null}
          <Select
            label={t('pendingOrders.plant')}
            placeholder={t('pendingOrders.any')}
            data={plantChoices}
            value={plantId === undefined ? null : String(plantId)}
            onChange={(value) => setParam('plantId', value)}
            searchable
            clearable
            w={{ base: '100%', sm: 200 }}
          />
          {filtered ? (
            <Button variant="subtle" onClick={onClear}>
              {t('pendingOrders.clear')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
