/**
 * Raw Material Ranking (`/operations/raw-material-ranking`, R-MIX-15..R-MIX-18): a concrete
 * plant's raw materials, each with its substitutes in the plant's order. A move, an addition or a
 * removal is saved at once with the ranking's version and shown at once (the order stays as moved
 * while it saves); a 409 names who changed it and shows their order. Other users' saves arrive
 * live. The plant is in the URL (`?plantId=2`).
 */
import { useState } from 'react';
import {
  Alert,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import type {
  PlantRankings,
  RawMaterialRanking,
} from '@dispatch/domain/mixes/raw-material-ranking';
import { useMixAccess } from './mix-access';
import { mixChoicesQuery, mixKeys, rankingsQuery, saveRanking } from './mix-operations-api';
import { RankingCard } from './ranking-card';
import { useMixOperationsLive } from './use-mix-operations-live';

type Save = { ranking: RawMaterialRanking; order: number[] };

export function RawMaterialRankingScreen() {
  const { t } = useTranslation();
  const flags = useMixAccess('RawMaterialRanking');
  const entry = menuEntryByEnumId('RawMaterialRanking');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState('');
  const choices = useQuery({ ...mixChoicesQuery(), enabled: !flags.none });
  const chosen = /^\d{1,10}$/.test(params.get('plantId') ?? '')
    ? Number(params.get('plantId'))
    : null;
  const plantId = chosen ?? choices.data?.plants[0]?.id ?? null;
  const rankings = useQuery({
    ...rankingsQuery(plantId),
    enabled: plantId !== null && !flags.none,
  });
  useMixOperationsLive();

  const saving = useMutation({
    mutationFn: ({ ranking, order }: Save) =>
      saveRanking(ranking.plantId, ranking.rawMaterial.rawMaterialId, {
        version: ranking.version,
        order,
      }),
    // The order moves at once; the answer (or a refusal) settles it.
    onMutate: ({ ranking, order }) => {
      const key = mixKeys.rankings(ranking.plantId);
      const materials = new Map(
        (choices.data?.rawMaterials ?? []).map((material) => [
          material.id,
          {
            rawMaterialId: material.id,
            code: material.code,
            description: material.description,
            unitOfMeasureId: material.unitOfMeasureId,
            inactive: material.inactive,
          },
        ]),
      );
      queryClient.setQueryData<PlantRankings>(key, (current) =>
        current
          ? {
              ...current,
              rankings: current.rankings.map((each) =>
                each.rawMaterial.rawMaterialId === ranking.rawMaterial.rawMaterialId
                  ? { ...each, substitutes: order.flatMap((id) => materials.get(id) ?? []) }
                  : each,
              ),
            }
          : current,
      );
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<PlantRankings>(mixKeys.rankings(saved.plantId), (current) =>
        current
          ? {
              ...current,
              rankings: current.rankings.map((each) =>
                each.rawMaterial.rawMaterialId === saved.rawMaterial.rawMaterialId ? saved : each,
              ),
            }
          : current,
      );
    },
    onError: (error, { ranking }) => {
      notifications.show({
        color: 'red',
        title: t('mixOperations.ranking.saveFailed', { name: ranking.rawMaterial.description }),
        message: error.message,
      });
      void queryClient.invalidateQueries({ queryKey: mixKeys.rankings(ranking.plantId) });
    },
  });

  if (flags.none) {
    return (
      <Alert color="red" m="md">
        {t('mixOperations.noAccess')}
      </Alert>
    );
  }
  const words = filter.trim().toLowerCase();
  const shown = (rankings.data?.rankings ?? []).filter(
    (ranking) =>
      words === '' ||
      ranking.substitutes.some((material) =>
        `${material.code} ${material.description}`.toLowerCase().includes(words),
      ),
  );
  return (
    <Stack gap="md" p="md">
      <div>
        <Title order={2}>{entry ? t(entry.translationId, { defaultValue: entry.name }) : ''}</Title>
        <Text size="sm" c="dimmed">
          {t('mixOperations.ranking.intro')}
        </Text>
      </div>
      {flags.readOnly ? <Alert color="yellow">{t('mixOperations.readOnly')}</Alert> : null}
      <Group align="flex-end" gap="md">
        <Select
          label={t('mixOperations.plant')}
          data={(choices.data?.plants ?? []).map((plant) => ({
            value: String(plant.id),
            label: plant.description,
          }))}
          value={plantId === null ? null : String(plantId)}
          onChange={(value) => value !== null && setParams({ plantId: value })}
          allowDeselect={false}
          w={260}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          type="search"
          label={t('mixOperations.ranking.filter')}
          placeholder={t('mixOperations.ranking.filterPlaceholder')}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          w={280}
        />
        {flags.readOnly ? null : (
          <Text size="xs" c="dimmed" pb={8}>
            {t('mixOperations.ranking.keys')}
          </Text>
        )}
      </Group>
      {rankings.isError ? (
        <Alert color="red" role="alert">
          {rankings.error.message}
        </Alert>
      ) : null}
      {rankings.isPending || !choices.data ? (
        <Loader size="sm" />
      ) : shown.length === 0 ? (
        <Text c="dimmed">{t('mixOperations.ranking.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
          {shown.map((ranking) => (
            <RankingCard
              key={ranking.rawMaterial.rawMaterialId}
              ranking={ranking}
              choices={choices.data}
              canWrite={!flags.readOnly}
              saving={
                saving.isPending &&
                saving.variables?.ranking.rawMaterial.rawMaterialId ===
                  ranking.rawMaterial.rawMaterialId
              }
              onSave={(order) => saving.mutate({ ranking, order })}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
