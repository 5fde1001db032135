/**
 * R-RPT-50: the catalogue, searched as you type. Arrow keys in the search move through the
 * reports, Enter goes on to the chosen report's parameters, so a report is picked without the
 * mouse.
 */
import { Badge, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { reportCatalogue, type ReportKey } from '@dispatch/domain/reports/report-catalogue';
import { useReportTexts } from '../../components/reports/report-texts';
import classes from './reports.module.css';

type ReportCatalogueListProps = {
  selected: ReportKey | null;
  onSelect: (key: ReportKey) => void;
  /** Enter in the search: go on to the parameters of this report. */
  onProceed: (key: ReportKey) => void;
};

export function ReportCatalogueList({ selected, onSelect, onProceed }: ReportCatalogueListProps) {
  const { t } = useTranslation();
  const texts = useReportTexts();
  const [search, setSearch] = useState('');
  const listId = useId();
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = reportCatalogue.filter((report) => {
    const haystack =
      `${texts.title(report.key)} ${texts.description(report.key)} ${report.title}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const at = shown.findIndex((report) => report.key === selected);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (shown.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = at < 0 ? 0 : (at + step + shown.length) % shown.length;
      onSelect(shown[next]!.key);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const target = at >= 0 ? shown[at] : shown[0];
      if (!target) return;
      onSelect(target.key);
      onProceed(target.key);
    }
  };

  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        label={t('reports.search')}
        placeholder={t('reports.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-activedescendant={at >= 0 ? `${listId}-${shown[at]!.key}` : undefined}
        autoFocus
      />
      <div
        role="listbox"
        id={listId}
        aria-label={t('reports.catalogueLabel')}
        className={classes.catalogue}
      >
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" p="xs">
            {t('reports.noMatch')}
          </Text>
        ) : (
          shown.map((report) => (
            <UnstyledButton
              key={report.key}
              id={`${listId}-${report.key}`}
              role="option"
              aria-selected={report.key === selected}
              className={classes.catalogueItem}
              data-selected={report.key === selected || undefined}
              onClick={() => onSelect(report.key)}
              tabIndex={-1}
            >
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Text fw={600} size="sm">
                  {texts.title(report.key)}
                </Text>
                {report.looksAhead ? (
                  <Badge size="xs" variant="light" color="grape">
                    {t('reports.looksAhead')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {texts.description(report.key)}
              </Text>
            </UnstyledButton>
          ))
        )}
      </div>
    </Stack>
  );
}
