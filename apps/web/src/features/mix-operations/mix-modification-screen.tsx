/**
 * Concrete Mix Modification (`/operations/concrete-mix-modification`, R-MIX-1..R-MIX-6): choose a
 * plant and find a mix as you type; the mix opens beside the list with its design values, its
 * raw materials to change, and its history. The plant and the mix are in the URL
 * (`?plantId=2&mixId=14`), so a link opens the mix.
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Grid,
  Group,
  Loader,
  NavLink,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import type { MixChoices } from '@dispatch/domain/mixes/mix-lists';
import { useMixAccess } from './mix-access';
import { MixDesignValues } from './mix-design-values';
import { numberText, whenText } from './mix-format';
import { MixHistory } from './mix-history';
import { MixSection } from './mix-section';
import { mixChoicesQuery, mixDetailQuery, mixListQuery } from './mix-operations-api';
import { RecipeEditor } from './recipe-editor';
import { useMixOperationsLive } from './use-mix-operations-live';

const idParam = (value: string | null) =>
  value && /^\d{1,10}$/.test(value) ? Number(value) : null;

function MixFinder({
  choices,
  plantId,
  mixId,
  onPlant,
  onMix,
}: {
  choices: MixChoices;
  plantId: number | null;
  mixId: number | null;
  onPlant: (plantId: number | null) => void;
  onMix: (mixId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const mixes = useQuery(
    mixListQuery(
      { plantIds: plantId === null ? [] : [plantId], search: debounced },
      100,
      plantId !== null,
    ),
  );
  const rows = mixes.data?.data ?? [];
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={t('mixOperations.modify.find')}
    >
      <Stack gap="xs">
        <Select
          label={t('mixOperations.plant')}
          data={choices.plants.map((plant) => ({
            value: String(plant.id),
            label: plant.description,
          }))}
          value={plantId === null ? null : String(plantId)}
          onChange={(value) => onPlant(value === null ? null : Number(value))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          type="search"
          label={t('mixOperations.modify.find')}
          placeholder={t('mixOperations.modify.findPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && rows[0]) onMix(rows[0].id);
          }}
          rightSection={mixes.isFetching ? <Loader size="xs" /> : null}
        />
        <Text size="xs" c="dimmed">
          {t('mixOperations.modify.found', { count: mixes.data?.count ?? 0 })}
        </Text>
        <ScrollArea.Autosize mah={560} type="auto" offsetScrollbars="y">
          <Stack gap={2} role="list" aria-label={t('mixOperations.modify.mixes')}>
            {rows.map((row) => (
              <div role="listitem" key={row.id}>
                <NavLink
                  component="button"
                  type="button"
                  active={row.id === mixId}
                  onClick={() => onMix(row.id)}
                  label={row.description}
                  description={[
                    row.productNumber,
                    row.strength === null ? null : `${numberText(i18n.language, row.strength)} psi`,
                    t('mixOperations.modify.lineCount', { count: row.lineCount }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  rightSection={
                    row.inactiveFlag ? (
                      <Badge size="xs" color="gray" variant="light" tt="none">
                        {t('mixOperations.inactive')}
                      </Badge>
                    ) : null
                  }
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                />
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}

function OpenMix({
  mixId,
  choices,
  readOnly,
}: {
  mixId: number;
  choices: MixChoices;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation();
  const mix = useQuery(mixDetailQuery(mixId));
  if (mix.isPending) return <Loader size="sm" />;
  if (mix.isError) {
    return (
      <Alert color="red" role="alert">
        {mix.error.message}
      </Alert>
    );
  }
  const detail = mix.data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-label={detail.description}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <div>
              <Title order={3}>{detail.description}</Title>
              <Text size="sm" c="dimmed">
                {detail.productNumber} · {detail.productDescription} · {detail.plantName}
              </Text>
            </div>
            <Stack gap={2} align="flex-end">
              <Badge variant="light" tt="none">
                {t('mixOperations.version', { version: detail.version })}
              </Badge>
              {detail.modifiedBy ? (
                <Text size="xs" c="dimmed">
                  {t('mixOperations.modifiedBy', {
                    who: detail.modifiedBy,
                    when: whenText(i18n.language, detail.modifiedAt),
                  })}
                </Text>
              ) : null}
            </Stack>
          </Group>
          <MixDesignValues mix={detail} />
          <div>
            <Text fw={600} mb={4}>
              {t('mixOperations.modify.recipe')}
            </Text>
            <RecipeEditor key={detail.id} mix={detail} choices={choices} readOnly={readOnly} />
          </div>
        </Stack>
      </Paper>
      <MixSection title={t('mixOperations.history.title')}>
        <MixHistory entries={detail.history} />
      </MixSection>
    </Stack>
  );
}

export function ConcreteMixModificationScreen() {
  const { t } = useTranslation();
  const flags = useMixAccess('ConcreteMixModification');
  const entry = menuEntryByEnumId('ConcreteMixModification');
  const [params, setParams] = useSearchParams();
  const choices = useQuery({ ...mixChoicesQuery(), enabled: !flags.none });
  useMixOperationsLive();
  const plantId = idParam(params.get('plantId')) ?? choices.data?.plants[0]?.id ?? null;
  const mixId = idParam(params.get('mixId'));
  const choose = (patch: Record<string, number | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });

  if (flags.none) {
    return (
      <Alert color="red" m="md">
        {t('mixOperations.noAccess')}
      </Alert>
    );
  }
  return (
    <Stack gap="md" p="md">
      <div>
        <Title order={2}>{entry ? t(entry.translationId, { defaultValue: entry.name }) : ''}</Title>
        <Text size="sm" c="dimmed">
          {t('mixOperations.modify.intro')}
        </Text>
      </div>
      {flags.readOnly ? <Alert color="yellow">{t('mixOperations.readOnly')}</Alert> : null}
      {choices.isError ? (
        <Alert color="red" role="alert">
          {choices.error.message}
        </Alert>
      ) : null}
      {choices.data ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
            <MixFinder
              choices={choices.data}
              plantId={plantId}
              mixId={mixId}
              onPlant={(next) => choose({ plantId: next, mixId: null })}
              onMix={(next) => choose({ plantId, mixId: next })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
            {mixId === null ? (
              <Paper withBorder radius="md" p="xl">
                <Text c="dimmed" ta="center">
                  {t('mixOperations.modify.chooseMix')}
                </Text>
              </Paper>
            ) : (
              <OpenMix key={mixId} mixId={mixId} choices={choices.data} readOnly={flags.readOnly} />
            )}
          </Grid.Col>
        </Grid>
      ) : (
        <Loader size="sm" />
      )}
    </Stack>
  );
}
