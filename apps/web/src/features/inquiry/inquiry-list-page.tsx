/**
 * R-INQ-1..R-INQ-3: what both inquiry lists share: the title, the search panel the screen gives,
 * export of what the search matches (CSV or Excel, in the list's sort), and the grid that pages
 * and sorts on the server: Enter or a double-click opens the row's record at its own URL. When
 * more match than the count's cap, a note says so.
 */
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Menu, Stack, Text, Title } from '@mantine/core';
import { useCompactLayout } from '../../lib/layout';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { inquiryCountCap, type InquiryExportFormat } from '@dispatch/domain/inquiry/inquiry-fields';
import type { GridColumn, GridRow, GridSort } from '../../components/data-grid/resource-grid';
import { useSession } from '../../session/session-store';
import { exportInquiry, fetchInquiryPage, type InquiryKind } from './inquiry-api';
import type { InquirySearch } from './use-inquiry-search';

const ResourceGrid = lazy(async () => ({
  default: (await import('../../components/data-grid/resource-grid')).ResourceGrid,
}));

export function InquiryListPage(props: {
  kind: InquiryKind;
  title: string;
  intro: string;
  search: InquirySearch;
  searchPanel: ReactNode;
  columns: GridColumn[];
  /** The columns a phone shows at first (R-INQ-1); the others stay in the Columns menu. */
  phoneColumns: readonly string[];
  defaultSort: GridSort;
  onOpen: (row: GridRow) => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const { kind, search } = props;
  const [capped, setCapped] = useState(false);
  const phone = useCompactLayout();
  const columns = useMemo(
    () =>
      phone
        ? props.columns.map((column) => ({
            ...column,
            hidden: !props.phoneColumns.includes(column.field),
          }))
        : props.columns,
    [phone, props.columns, props.phoneColumns],
  );
  const queryKey = JSON.stringify(search.filters);

  const fetchPage = useCallback(
    async (request: {
      offset: number;
      limit: number;
      sort: GridSort | undefined;
      signal?: AbortSignal;
    }) => {
      const page = await fetchInquiryPage(
        kind,
        JSON.parse(queryKey) as Record<string, string>,
        request,
        request.signal,
      );
      setCapped(page.countCapped);
      return { rows: page.data as unknown as GridRow[], count: page.count };
    },
    [kind, queryKey],
  );

  const handleExport = async (format: InquiryExportFormat) => {
    try {
      await exportInquiry(kind, search.filters, search.sort ?? props.defaultSort, format);
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    }
  };

  return (
    <Stack gap="sm" h="calc(100dvh - 52px - 2 * var(--mantine-spacing-md))">
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
        <div>
          <Title order={2}>{props.title}</Title>
          <Text size="sm" c="dimmed">
            {props.intro}
          </Text>
        </div>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="default">{t('inquiry.export')}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void handleExport('csv')}>{t('inquiry.exportCsv')}</Menu.Item>
            <Menu.Item onClick={() => void handleExport('xlsx')}>
              {t('inquiry.exportExcel')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {props.searchPanel}
      {capped ? (
        <Alert color="blue" variant="light" py={6}>
          {t('inquiry.capped', { count: inquiryCountCap })}
        </Alert>
      ) : null}
      <div style={{ flex: 1, minHeight: 320 }}>
        <Suspense fallback={<Loader aria-label={t('app.loading')} />}>
          <ResourceGrid
            ariaLabel={props.title}
            columns={columns}
            queryKey={queryKey}
            fetchPage={fetchPage}
            defaultSort={search.sort ?? props.defaultSort}
            // A phone keeps its own layout: its narrow columns would not suit a desk.
            stateKey={`grid:${session.status.username.toLowerCase()}:inquiry-${kind}${phone ? '-phone' : ''}`}
            onOpen={props.onOpen}
            onSortChange={search.setSort}
            refreshToken={0}
          />
        </Suspense>
      </div>
    </Stack>
  );
}
