/**
 * R-MIX-5: a mix's history, newest first: who, when, from which screen, and what, raw material by
 * raw material (old and new quantity and unit) and design value by design value.
 */
import { Badge, Group, Stack, Text, Timeline } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MixHistoryEntry, RecipeLineChange } from '@dispatch/domain/mixes/mix-recipe';
import { concreteMixResource } from '@dispatch/domain/resources/concrete-mixes';
import { fieldLabel } from '../../resources/resource-text';
import { differenceText, quantityText, whenText } from './mix-format';

const sourceColors = {
  modification: 'petrol',
  maintenance: 'gray',
  globalChange: 'grape',
  globalChangeReversal: 'orange',
} as const;

export function lineChangeText(t: TFunction, language: string, line: RecipeLineChange): string {
  const before = quantityText(language, line.quantityBefore, line.unitBefore);
  const after = quantityText(language, line.quantityAfter, line.unitAfter);
  if (line.quantityBefore === null) return t('mixOperations.history.added', { after });
  if (line.quantityAfter === null) return t('mixOperations.history.removed', { before });
  const difference =
    line.unitBefore === line.unitAfter
      ? ` (${differenceText(language, line.quantityBefore, line.quantityAfter)})`
      : '';
  return `${before} → ${after}${difference}`;
}

function designValue(t: TFunction, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('mixOperations.yes') : t('mixOperations.no');
  return typeof value === 'number' || typeof value === 'string'
    ? String(value)
    : JSON.stringify(value);
}

function Entry({ entry }: { entry: MixHistoryEntry }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {whenText(i18n.language, entry.at)}
        </Text>
        <Text size="sm">· {entry.username}</Text>
        <Badge size="sm" variant="light" color={sourceColors[entry.source]} tt="none">
          {t(`mixOperations.history.sources.${entry.source}`, { id: entry.globalChangeId })}
        </Badge>
      </Group>
      {entry.note ? (
        <Text size="sm" fs="italic" c="dimmed">
          “{entry.note}”
        </Text>
      ) : null}
      {entry.lines.map((line) => (
        <Text key={line.rawMaterialId} size="sm">
          <Text span fw={500}>
            {line.code ? `${line.code} · ` : ''}
            {line.description}
          </Text>
          : {lineChangeText(t, i18n.language, line)}
        </Text>
      ))}
      {entry.design.map((change) => (
        <Text key={change.field} size="sm">
          <Text span fw={500}>
            {fieldLabel(
              t,
              concreteMixResource,
              change.field,
              concreteMixResource.fields[change.field] ?? {
                ...concreteMixResource.fields.description!,
                label: change.field,
              },
            )}
          </Text>
          : {designValue(t, change.before)} → {designValue(t, change.after)}
        </Text>
      ))}
      {entry.reordered ? (
        <Text size="sm" c="dimmed">
          {t('mixOperations.history.reordered')}
        </Text>
      ) : null}
    </Stack>
  );
}

export function MixHistory({ entries }: { entries: readonly MixHistoryEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('mixOperations.history.none')}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={14} lineWidth={2} aria-label={t('mixOperations.history.title')}>
      {entries.map((entry) => (
        <Timeline.Item key={entry.id} color={sourceColors[entry.source]}>
          <Entry entry={entry} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
