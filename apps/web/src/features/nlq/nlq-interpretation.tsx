/**
 * R-NLQ-9: how the question was read, as parts the user can change (measure, breakdown, filters,
 * dates, order, rows) and run again. Changing the measure to one of another view keeps what that
 * view has and drops the rest.
 */
import {
  Badge,
  Button,
  CloseButton,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dimensionInView,
  dimensionsOfView,
  measureView,
  nlqDatedViews,
  nlqMaxDimensions,
  nlqMaxRows,
  nlqMeasureKeys,
  type NlqMeasure,
} from '@dispatch/domain/nlq/nlq-catalogue';
import type { NlqQuery } from '@dispatch/domain/nlq/nlq-query';
import { NumberField } from '../../components/number-field/number-field';
import { useRefusedNumbers } from '../../components/number-field/refused-numbers';
import { useFilterLabel } from './nlq-labels';

type Props = {
  query: NlqQuery;
  source: 'parser' | 'model' | 'edited';
  busy: boolean;
  onRun: (query: NlqQuery) => void;
};

const sortKeys = ['measureDesc', 'measureAsc', 'dimensionAsc'] as const;
type SortKey = (typeof sortKeys)[number];

function sortKeyOf(query: NlqQuery): SortKey {
  if (query.sort.by === 'dimension') return 'dimensionAsc';
  return query.sort.direction === 'asc' ? 'measureAsc' : 'measureDesc';
}

function sortOf(key: SortKey): NlqQuery['sort'] {
  if (key === 'dimensionAsc') return { by: 'dimension', direction: 'asc' };
  return { by: 'measure', direction: key === 'measureAsc' ? 'asc' : 'desc' };
}

/** The query with another measure, keeping what the measure's view can answer. */
function withMeasure(query: NlqQuery, measure: NlqMeasure): NlqQuery {
  const view = measureView(measure);
  return {
    ...query,
    view,
    measure,
    dimensions: query.dimensions.filter((dimension) => dimensionInView(dimension, view)),
    filters: query.filters.filter((filter) => dimensionInView(filter.field, view)),
    dateRange: nlqDatedViews.includes(view) ? query.dateRange : null,
  };
}

export function NlqInterpretation({ query, source, busy, onRun }: Props) {
  const { t } = useTranslation();
  const filterLabel = useFilterLabel();
  const [draft, setDraft] = useState(query);
  const [shown, setShown] = useState(query);
  // Rows as typed: empty while the user replaces the number.
  const [limit, setLimit] = useState<number | string>(query.limit);
  // A new answer replaces the draft (the parts always show what was last run).
  if (shown !== query) {
    setShown(query);
    setDraft(query);
    setLimit(query.limit);
  }
  const dated = nlqDatedViews.includes(draft.view);
  const changed = JSON.stringify(draft) !== JSON.stringify(query) || limit !== query.limit;

  const rows = typeof limit === 'number' && limit >= 1 ? limit : query.limit;
  const refusedNumbers = useRefusedNumbers();
  const handleRun = () => {
    // R-INPUT-1: not run with a number of rows other than the one typed.
    if (refusedNumbers.focusFirst()) return;
    onRun({ ...draft, limit: rows });
  };
  const setDate = (part: 'from' | 'to', value: string) => {
    const current = draft.dateRange ?? { from: value, to: value };
    const next = { ...current, [part]: value };
    setDraft({ ...draft, dateRange: next.from && next.to ? next : null });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="nlq-interpretation">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5" id="nlq-interpretation">
            {t('nlq.interpretation')}
          </Title>
          {source === 'model' ? <Badge variant="light">{t('nlq.byModel')}</Badge> : null}
          {source === 'edited' ? (
            <Badge variant="light" color="gray">
              {t('nlq.edited')}
            </Badge>
          ) : null}
        </Group>
        <Group align="flex-end" gap="sm">
          <Select
            label={t('nlq.measure')}
            w={230}
            allowDeselect={false}
            data={nlqMeasureKeys.map((measure) => ({
              value: measure,
              label: t(`nlq.measures.${measure}`),
            }))}
            value={draft.measure}
            onChange={(value) => value && setDraft(withMeasure(draft, value))}
          />
          <MultiSelect
            label={t('nlq.dimensions')}
            placeholder={draft.dimensions.length === 0 ? t('nlq.noDimensions') : undefined}
            w={300}
            maxValues={nlqMaxDimensions}
            data={dimensionsOfView(draft.view).map((dimension) => ({
              value: dimension,
              label: t(`nlq.dimensionNames.${dimension}`),
            }))}
            value={draft.dimensions}
            onChange={(values) => setDraft({ ...draft, dimensions: values })}
          />
          <TextInput
            type="date"
            label={t('nlq.from')}
            w={150}
            disabled={!dated}
            value={draft.dateRange?.from ?? ''}
            onChange={(event) => setDate('from', event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('nlq.to')}
            w={150}
            disabled={!dated}
            value={draft.dateRange?.to ?? ''}
            onChange={(event) => setDate('to', event.currentTarget.value)}
          />
          <Button
            variant="subtle"
            size="sm"
            disabled={!dated || draft.dateRange === null}
            onClick={() => setDraft({ ...draft, dateRange: null })}
          >
            {t('nlq.clearDates')}
          </Button>
          <Select
            label={t('nlq.sort')}
            w={170}
            allowDeselect={false}
            data={sortKeys.map((key) => ({ value: key, label: t(`nlq.sorts.${key}`) }))}
            value={sortKeyOf(draft)}
            onChange={(value) => value && setDraft({ ...draft, sort: sortOf(value) })}
          />
          <NumberField
            label={t('nlq.limit')}
            refusals={refusedNumbers}
            w={90}
            min={1}
            max={nlqMaxRows}
            clampBehavior="strict"
            allowDecimal={false}
            value={limit}
            onChange={setLimit}
          />
          <Button onClick={handleRun} loading={busy} variant={changed ? 'filled' : 'light'}>
            {t('nlq.run')}
          </Button>
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('nlq.filters')}:
          </Text>
          {draft.filters.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('nlq.noFilters')}
            </Text>
          ) : (
            draft.filters.flatMap((filter, filterIndex) =>
              filter.values.map((value) => {
                const label = filterLabel(filter.field, value.label);
                const handleRemove = () => {
                  const values = filter.values.filter((each) => each.id !== value.id);
                  setDraft({
                    ...draft,
                    filters: draft.filters.flatMap((each, index) =>
                      index !== filterIndex
                        ? [each]
                        : values.length > 0
                          ? [{ ...each, values }]
                          : [],
                    ),
                  });
                };
                return (
                  <Badge
                    key={`${filter.field}:${value.id}`}
                    size="lg"
                    variant="light"
                    tt="none"
                    fw={500}
                    rightSection={
                      <CloseButton
                        size="xs"
                        variant="transparent"
                        aria-label={t('nlq.removeFilter', { filter: label })}
                        onClick={handleRemove}
                      />
                    }
                  >
                    {label}
                  </Badge>
                );
              }),
            )
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
