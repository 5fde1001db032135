/**
 * The list every audit screen shows (R-AUDIT-4, R-OAUD-1): a bordered, scrolling table with a
 * toggle column first, a spinner row while the first page loads, the screen's own empty state, and
 * under it the count and the pages. Rows are the screen's own `AuditEntryRow`s.
 */
import { createContext, type ReactNode } from 'react';
import { Alert, Group, Loader, Pagination, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type AuditColumn = { label: string; minWidth?: number };

/** How many columns a row spans, so an opened row's details reach across the whole table. */
export const AuditColumnCount = createContext(1);

export function AuditListTable({
  label,
  minWidth,
  toggleWidth,
  columns,
  pending,
  empty,
  children,
}: {
  label: string;
  minWidth: number;
  toggleWidth: number;
  columns: readonly AuditColumn[];
  pending: boolean;
  /** What stands in the table when the loaded page has no entries; null while there are some. */
  empty: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const columnCount = columns.length + 1;
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table highlightOnHover verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={toggleWidth} />
              {columns.map((column) => (
                <Table.Th key={column.label} miw={column.minWidth}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <AuditColumnCount value={columnCount}>{children}</AuditColumnCount>
            {pending ? (
              <Table.Tr>
                <Table.Td colSpan={columnCount} ta="center" py="lg">
                  <Loader size="sm" aria-label={t('app.loading')} />
                </Table.Td>
              </Table.Tr>
            ) : null}
            {empty ? (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>{empty}</Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** Why the page did not load, in the screen's words. */
export function AuditLoadFailed({ title, error }: { title: string; error: unknown }) {
  return (
    <Alert color="red" title={title} role="alert">
      {error instanceof Error ? error.message : String(error)}
    </Alert>
  );
}

/** Under the list: how many entries match, and the pages when there is more than one. */
export function AuditPagingFooter({
  count,
  page,
  pageSize,
  onPage,
}: {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('auditTrail.count', { count })}
      </Text>
      {pages > 1 ? (
        <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm" />
      ) : null}
    </Group>
  );
}
