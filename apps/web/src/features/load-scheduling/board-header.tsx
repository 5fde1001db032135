/**
 * The board's header (R-BOARD-27): its title and the loads waiting, the plants shown and the time
 * window, all remembered per user.
 */
import {
  Badge,
  Button,
  Group,
  Loader,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { boardWindowKeys } from '@dispatch/domain/dispatch/load-board';
import type { BoardPreferences } from './board-preferences';
import type { LoadBoardFilters } from './load-board-api';

/** `datetime-local` text for an instant, in the browser's time zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

type PlantChoices = { group: string; items: { value: string; label: string }[] }[];

export function BoardHeader({
  phone,
  loaded,
  waiting,
  fetching,
  plantChoices,
  preferences,
  setPreferences,
  filters,
  mapShown,
  onMapShown,
}: {
  phone: boolean;
  /** The board has been read: the loads waiting are known. */
  loaded: boolean;
  waiting: number;
  fetching: boolean;
  plantChoices: PlantChoices;
  preferences: BoardPreferences;
  setPreferences: (next: Partial<BoardPreferences>) => void;
  filters: LoadBoardFilters;
  /** R-MAP-1: the truck map is shown (beside the board; on a phone, instead of its list). */
  mapShown: boolean;
  onMapShown: (shown: boolean) => void;
}) {
  const { t } = useTranslation();
  const windowChoices = boardWindowKeys.map((key) => ({
    value: key,
    label: t(`loadScheduling.windows.${key}`),
  }));
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Group gap="sm" align="center" wrap={phone ? 'wrap' : 'nowrap'}>
          <Title order={phone ? 3 : 2}>{t('loadScheduling.title')}</Title>
          {loaded && (
            <Badge variant="light" color={waiting > 0 ? 'orange' : 'teal'} size="lg" tt="none">
              {t('loadScheduling.loads', { count: waiting })}
            </Badge>
          )}
          {fetching && <Loader size="xs" aria-label={t('loadScheduling.loading')} />}
          {!phone && (
            <Button
              size="xs"
              variant={mapShown ? 'filled' : 'default'}
              aria-pressed={mapShown}
              onClick={() => onMapShown(!mapShown)}
            >
              {t('truckMap.show')}
            </Button>
          )}
        </Group>
        <MultiSelect
          size="xs"
          w={phone ? '100%' : 420}
          aria-label={t('loadScheduling.plants')}
          placeholder={
            preferences.plantIds.length === 0 ? t('loadScheduling.allPlants') : undefined
          }
          data={plantChoices}
          value={preferences.plantIds.map(String)}
          onChange={(values) => setPreferences({ plantIds: values.map(Number) })}
          searchable
          clearable
          maxDropdownHeight={320}
        />
      </Group>
      {phone && (
        <SegmentedControl
          size="xs"
          fullWidth
          aria-label={t('truckMap.view')}
          value={mapShown ? 'map' : 'board'}
          onChange={(value) => onMapShown(value === 'map')}
          data={[
            { value: 'board', label: t('truckMap.board') },
            { value: 'map', label: t('truckMap.show') },
          ]}
        />
      )}
      <Group gap="xs" align="center" wrap="wrap">
        {phone ? (
          <Select
            size="xs"
            w={150}
            aria-label={t('loadScheduling.window')}
            value={preferences.window}
            onChange={(value) => value && setPreferences({ window: value })}
            data={windowChoices}
            allowDeselect={false}
          />
        ) : (
          <SegmentedControl
            size="xs"
            aria-label={t('loadScheduling.window')}
            value={preferences.window}
            onChange={(value) => setPreferences({ window: value })}
            data={windowChoices}
          />
        )}
        {preferences.window === 'range' && (
          <>
            <TextInput
              size="xs"
              type="datetime-local"
              aria-label={t('loadScheduling.from')}
              leftSection={<Text size="xs">{t('loadScheduling.from')}</Text>}
              leftSectionWidth={52}
              w={250}
              value={localInput(preferences.from ?? filters.from)}
              onChange={(event) =>
                event.currentTarget.value &&
                setPreferences({ from: new Date(event.currentTarget.value).toISOString() })
              }
            />
            <TextInput
              size="xs"
              type="datetime-local"
              aria-label={t('loadScheduling.to')}
              leftSection={<Text size="xs">{t('loadScheduling.to')}</Text>}
              leftSectionWidth={52}
              w={250}
              value={localInput(preferences.to ?? filters.to)}
              onChange={(event) =>
                event.currentTarget.value &&
                setPreferences({ to: new Date(event.currentTarget.value).toISOString() })
              }
            />
          </>
        )}
      </Group>
    </Stack>
  );
}
