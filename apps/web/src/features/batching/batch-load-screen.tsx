/**
 * The batch load screen (R-BATCH-1..9): a concrete plant's dispatched loads waiting to be batched,
 * per alley, as a dense table worked from the keyboard; the selected load's raw materials, target
 * against batched, and the panel's failure beside them. Plant and alley are remembered; another
 * batchman's send, the panel's report and new dispatches show at once through the hub. A send the
 * screen will not make says why beside the button (R-BATCH-10).
 */
import { useMemo } from 'react';
import {
  Alert,
  Badge,
  Box,
  Flex,
  Group,
  Kbd,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { permissionFlags } from '@dispatch/domain/permissions';
import { useUserAccess } from '../../session/session-queries';
import type { Format } from './batch-format';
import { DetailPanel } from './batch-detail-panel';
import { BatchQueueTable } from './batch-queue-table';
import { useBatchActions } from './use-batch-actions';
import { allAlleys, useBatchQueue } from './use-batch-queue';

const formId = menuEntryByEnumId('BatchLoadScreen')?.id ?? 14000;

export function BatchLoadScreen() {
  const { t, i18n } = useTranslation();
  const access = useUserAccess();
  const flags = permissionFlags(access.permissions.levelOf(formId));
  const canWrite = !flags.none && !flags.readOnly;
  const {
    plantChoices,
    plantId,
    alley,
    queue,
    rows,
    numberOfAlleys,
    selected,
    selectedId,
    setSelectedId,
    choosePlant,
    chooseAlley,
  } = useBatchQueue();

  const format = useMemo<Format>(() => {
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
    const time = new Intl.DateTimeFormat(i18n.language, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    return { number: (value) => number.format(value), time: (iso) => time.format(new Date(iso)) };
  }, [i18n.language]);

  const plantName = queue.data?.plantName ?? '';
  const { action, failure } = useBatchActions({
    rows,
    selected,
    selectedId,
    setSelectedId,
    alley,
    canWrite,
    plantName,
  });

  const alleyChoices = [
    { value: allAlleys, label: t('batching.allAlleys') },
    ...Array.from({ length: numberOfAlleys }, (_, index) => ({
      value: String(index + 1),
      label: String(index + 1),
    })),
  ];

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Box>
          <Title order={2}>{t('batching.title')}</Title>
          <Text size="sm" c="dimmed" maw={720}>
            {t('batching.intro')}
          </Text>
        </Box>
        <Group gap="xs" c="dimmed">
          <Text size="xs">{t('batching.keys')}</Text>
          <Text size="xs">
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> · <Kbd size="xs">Enter</Kbd>/
            <Kbd size="xs">S</Kbd> · <Kbd size="xs">R</Kbd> · <Kbd size="xs">M</Kbd>
          </Text>
        </Group>
      </Group>

      <Paper withBorder p="sm" radius="md">
        <Group align="flex-end" gap="lg" wrap="wrap">
          <Select
            label={t('batching.plant')}
            placeholder={t('batching.plantPlaceholder')}
            data={plantChoices}
            value={plantId === null ? null : String(plantId)}
            onChange={choosePlant}
            searchable
            allowDeselect={false}
            nothingFoundMessage="—"
            w={260}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="batch-alley-label">
              {t('batching.alley')}
            </Text>
            <SegmentedControl
              aria-labelledby="batch-alley-label"
              data={alleyChoices}
              value={alley === null ? allAlleys : String(alley)}
              onChange={chooseAlley}
              size="sm"
            />
          </Stack>
          {queue.data ? (
            <Group gap="xs" ml="auto">
              <Badge size="lg" variant="light" color={queue.data.usesBatchPanel ? 'blue' : 'gray'}>
                {t('batching.queueCount', {
                  count: rows.filter((row) => row.state !== 'batched').length,
                })}
              </Badge>
              <Text size="sm" c="dimmed" maw={420}>
                {t(queue.data.usesBatchPanel ? 'batching.panelPlant' : 'batching.manualPlant', {
                  plant: queue.data.plantName,
                })}
              </Text>
            </Group>
          ) : null}
        </Group>
      </Paper>

      {!canWrite && !flags.none ? (
        <Alert color="yellow" variant="light">
          {t('batching.readOnly')}
        </Alert>
      ) : null}

      <Flex gap="md" align="flex-start" direction={{ base: 'column', md: 'row' }}>
        <Box style={{ flex: 1, minWidth: 0 }} w={{ base: '100%', md: 'auto' }}>
          <Paper withBorder radius="md">
            {plantId === null ? (
              <Text p="md" c="dimmed">
                {t('batching.noPlant')}
              </Text>
            ) : queue.isPending ? (
              <Group p="md" gap="xs">
                <Loader size="sm" />
                <Text size="sm">{t('batching.loading')}</Text>
              </Group>
            ) : rows.length === 0 ? (
              <Text p="md" c="dimmed">
                {t('batching.empty', { plant: plantName })}
              </Text>
            ) : (
              <BatchQueueTable
                rows={rows}
                selectedId={selectedId}
                format={format}
                onSelect={setSelectedId}
              />
            )}
          </Paper>
        </Box>
        <Box w={{ base: '100%', md: 340 }} style={{ flexShrink: 0 }}>
          <Paper withBorder radius="md" p="md">
            <DetailPanel
              item={selected}
              plantName={plantName}
              usesBatchPanel={queue.data?.usesBatchPanel ?? false}
              format={format}
              canWrite={canWrite}
              busy={action.isPending}
              failure={failure && failure.loadId === selected?.loadId ? failure.message : null}
              onAction={(item, name) => action.mutate({ item, name })}
            />
          </Paper>
        </Box>
      </Flex>
    </Stack>
  );
}
