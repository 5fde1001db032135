/**
 * R-NLQ-9: the answer, as a table and, where it fits, a chart (a line over days, weeks or months,
 * bars over names), exported to CSV as shown.
 */
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NlqAnswer, NlqCell } from '@dispatch/domain/nlq/nlq-api';
import {
  isNlqListing,
  type NlqDimension,
  type NlqMeasure,
} from '@dispatch/domain/nlq/nlq-catalogue';
import type { NlqQuery } from '@dispatch/domain/nlq/nlq-query';
import { saveCsv } from '../../lib/download-file';
import { useCellText, useMeasureText } from './nlq-labels';

type Props = { answer: NlqAnswer; query: NlqQuery };

export function NlqAnswerView({ answer, query }: Props) {
  const { t } = useTranslation();
  const cellText = useCellText();
  const measureText = useMeasureText();
  const measure = query.measure;
  const dimensions = answer.columns.flatMap((column) =>
    column.role === 'dimension' && column.dimension ? [column.dimension] : [],
  );
  // A list of trucks or orders counts 1 on every row: the count says nothing there.
  const listing = isNlqListing(query.view, dimensions);
  const headers = [
    ...dimensions.map((dimension) => t(`nlq.dimensionNames.${dimension}`)),
    ...(listing ? [] : [t(`nlq.measures.${measure}`)]),
  ];
  const names = (row: readonly NlqCell[]) =>
    dimensions.map((dimension, index) => cellText(dimension, row[index] ?? null));
  const shownRows = answer.rows.map((row) => [
    ...names(row),
    ...(listing ? [] : [measureText(measure, row[dimensions.length] ?? null)]),
  ]);

  const handleExport = () => {
    const raw = answer.rows.map((row) => [
      ...names(row),
      ...(listing ? [] : [row[dimensions.length] ?? null]),
    ]);
    saveCsv(`${t(`nlq.measures.${measure}`)}.csv`, [headers, ...raw]);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="nlq-answer">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5" id="nlq-answer">
            {t('nlq.answer')}
          </Title>
          <Button
            variant="light"
            size="xs"
            onClick={handleExport}
            disabled={answer.rows.length === 0}
          >
            {t('nlq.exportCsv')}
          </Button>
        </Group>
        {answer.truncated ? (
          <Alert color="yellow" variant="light">
            {t('nlq.truncated', { count: answer.rows.length })}
          </Alert>
        ) : null}
        {answer.rows.length === 0 ? <Text c="dimmed">{t('nlq.noRows')}</Text> : null}
        {answer.chart && dimensions[0] ? (
          <AnswerChart
            kind={answer.chart}
            dimension={dimensions[0]}
            measure={measure}
            rows={answer.rows.map((row) => ({
              name: cellText(dimensions[0]!, row[0] ?? null),
              value: Number(row[dimensions.length] ?? 0),
            }))}
          />
        ) : null}
        {answer.rows.length > 0 ? (
          <ScrollArea.Autosize mah={520}>
            <Table striped highlightOnHover stickyHeader aria-label={t('nlq.table')}>
              <Table.Thead>
                <Table.Tr>
                  {headers.map((header, index) => (
                    <Table.Th key={header} ta={index === dimensions.length ? 'right' : undefined}>
                      {header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shownRows.map((row, rowIndex) => (
                  <Table.Tr key={rowIndex}>
                    {row.map((value, index) => (
                      <Table.Td
                        key={index}
                        ta={index === dimensions.length ? 'right' : undefined}
                        ff={index === dimensions.length ? 'monospace' : undefined}
                      >
                        {value}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        ) : null}
      </Stack>
    </Paper>
  );
}

type ChartProps = {
  kind: 'bar' | 'line';
  dimension: NlqDimension;
  measure: NlqMeasure;
  rows: { name: string; value: number }[];
};

function AnswerChart({ kind, dimension, measure, rows }: ChartProps) {
  const { t } = useTranslation();
  const measureText = useMeasureText();
  const series = [{ name: 'value', label: t(`nlq.measures.${measure}`), color: 'blue.6' }];
  const common = {
    h: 280,
    data: rows,
    dataKey: 'name',
    series,
    valueFormatter: (value: number) => measureText(measure, value),
    'aria-label': `${t('nlq.chart')}: ${t(`nlq.measures.${measure}`)} · ${t(`nlq.dimensionNames.${dimension}`)}`,
  };
  return (
    <figure role="figure" aria-label={common['aria-label']} style={{ margin: 0 }}>
      {kind === 'line' ? (
        <LineChart {...common} curveType="monotone" withDots />
      ) : (
        <BarChart {...common} tickLine="y" />
      )}
    </figure>
  );
}
