/**
 * R-CREDIT-11: which customers: over their credit limit, past due by at least N days, in chosen
 * credit statuses, and a customer searched as you type. Each condition narrows the list.
 */
import { Checkbox, Group, MultiSelect, Paper, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/number-field/number-field';
import type { CandidateFilters } from '../../data/credit-letters/credit-letter-keys';
import { lookupText } from '../../lib/i18n/lookup-text';

export function CandidateFiltersBar(props: {
  filters: CandidateFilters;
  statuses: readonly { id: number; name: string }[];
  onChange: (next: CandidateFilters) => void;
}) {
  const { t } = useTranslation();
  const { filters } = props;
  const change = (part: Partial<CandidateFilters>) => props.onChange({ ...filters, ...part });
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={t('creditLetters.filters.title')}
    >
      <Group align="flex-end" gap="lg" wrap="wrap">
        <NumberField
          label={t('creditLetters.filters.pastDue')}
          placeholder={t('creditLetters.filters.anyPastDue')}
          rightSection={
            <Text size="xs" c="dimmed" pr={6}>
              {t('creditLetters.filters.days')}
            </Text>
          }
          rightSectionWidth={44}
          min={1}
          max={3650}
          allowDecimal={false}
          allowNegative={false}
          value={filters.minDaysPastDue ?? ''}
          onChange={(value) =>
            change({ minDaysPastDue: typeof value === 'number' && value >= 1 ? value : null })
          }
          w={190}
        />
        <MultiSelect
          label={t('creditLetters.filters.statuses')}
          placeholder={
            filters.creditStatusIds.length === 0 ? t('creditLetters.filters.anyStatus') : undefined
          }
          data={props.statuses.map((status) => ({
            value: String(status.id),
            label: lookupText('creditStatuses', status.name),
          }))}
          value={filters.creditStatusIds.map(String)}
          onChange={(values) => change({ creditStatusIds: values.map(Number) })}
          clearable
          w={280}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('creditLetters.filters.search')}
          placeholder={t('creditLetters.filters.searchPlaceholder')}
          value={filters.search}
          onChange={(event) => change({ search: event.currentTarget.value })}
          w={220}
        />
        <Checkbox
          label={t('creditLetters.filters.overLimit')}
          checked={filters.overLimit}
          onChange={(event) => change({ overLimit: event.currentTarget.checked })}
          mb={8}
        />
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {t('creditLetters.filters.hint')}
      </Text>
    </Paper>
  );
}
