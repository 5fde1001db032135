/**
 * Edit Tickets (/ticketing/edit-tickets, R-TEDIT-8): search, a results grid, and the ticket open
 * in a form below it. The open ticket is in the URL (?ticketId=N), so a link opens it directly.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AgGridReact } from 'ag-grid-react';
import type { CellKeyDownEvent, ColDef, ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { permissionFlags } from '@dispatch/domain/permissions';
import { formIdOf } from '@dispatch/domain/resources/define';
import type { TicketEditRow } from '@dispatch/domain/tickets/ticket-edits';
import { gridTheme, headerHeight, rowHeight } from '../../components/data-grid/grid-theme';
import { useUserAccess } from '../../session/session-queries';
import {
  ticketDetailQuery,
  ticketEditKeys,
  ticketSearchQuery,
  type TicketSearch,
} from './ticket-edits-api';
import { TicketForm } from './ticket-form';
import { dayOf, hhmm, moneyText, numberText, statusText, ticketGridModules } from './ticket-grid';
import { TicketSearchBar } from './ticket-search-bar';
import { useTicketListsLive } from './use-ticket-edits-live';

export const editTicketsFormId = formIdOf('EditTickets');

function StatusCell({ data }: ICellRendererParams<TicketEditRow>) {
  const { t } = useTranslation();
  if (!data) return null;
  return (
    <Group gap={4} wrap="nowrap" h="100%">
      <Text size="sm">{statusText(t, data.statusId, data.voidedFlag)}</Text>
      {data.invoicedFlag ? (
        <Badge size="xs" variant="light" color="grape" tt="none">
          {t('ticketEdits.flags.invoiced')}
        </Badge>
      ) : null}
    </Group>
  );
}

export function useTicketColumns(hidePrice: boolean): ColDef<TicketEditRow>[] {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const columns: (ColDef<TicketEditRow> | null)[] = [
      {
        field: 'number',
        headerName: t('ticketEdits.columns.number'),
        width: 95,
        cellClass: 'ag-right-aligned-cell',
      },
      {
        // R-PRINT-8, R-TENT-3: an aggregate ticket's bill of lading, blank for the others.
        field: 'billOfLadingNumber',
        headerName: t('ticketEdits.columns.billOfLading'),
        width: 80,
        cellClass: 'ag-right-aligned-cell',
      },
      {
        colId: 'date',
        headerName: t('ticketEdits.columns.date'),
        width: 110,
        valueGetter: ({ data }) => (data ? dayOf(data.ticketDateTime ?? '') : ''),
      },
      {
        colId: 'time',
        headerName: t('ticketEdits.columns.time'),
        width: 75,
        valueGetter: ({ data }) => hhmm(data?.ticketDateTime),
      },
      { field: 'plantName', headerName: t('ticketEdits.columns.plant'), width: 120 },
      { field: 'orderNumber', headerName: t('ticketEdits.columns.order'), width: 90 },
      {
        field: 'customerName',
        headerName: t('ticketEdits.columns.customer'),
        flex: 1,
        minWidth: 150,
      },
      { field: 'truckNumber', headerName: t('ticketEdits.columns.truck'), width: 85 },
      {
        field: 'productDescription',
        headerName: t('ticketEdits.columns.product'),
        flex: 1,
        minWidth: 140,
      },
      {
        field: 'quantity',
        headerName: t('ticketEdits.columns.quantity'),
        width: 80,
        cellClass: 'ag-right-aligned-cell',
        valueFormatter: ({ value }) => numberText(i18n.language, value as number | null, 3),
      },
      hidePrice
        ? null
        : {
            field: 'price',
            headerName: t('ticketEdits.columns.price'),
            width: 95,
            cellClass: 'ag-right-aligned-cell',
            valueFormatter: ({ value }) => moneyText(i18n.language, value as number | null),
          },
      { field: 'jobNumber', headerName: t('ticketEdits.columns.job'), width: 110 },
      { field: 'customerPoNumber', headerName: t('ticketEdits.columns.po'), width: 110 },
      {
        colId: 'status',
        headerName: t('ticketEdits.columns.status'),
        width: 150,
        cellRenderer: StatusCell,
      },
    ];
    return columns.filter((column): column is ColDef<TicketEditRow> => column !== null);
  }, [t, i18n.language, hidePrice]);
}

export function EditTicketsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const access = useUserAccess();
  const flags = permissionFlags(access.permissions.levelOf(editTicketsFormId));
  const [params, setParams] = useSearchParams();
  const ticketId = /^\d+$/.test(params.get('ticketId') ?? '')
    ? Number(params.get('ticketId'))
    : null;
  const [search, setSearch] = useState<TicketSearch>({ includeVoided: true });
  const results = useQuery(ticketSearchQuery(search, !flags.none));
  const detail = useQuery(ticketDetailQuery(flags.none ? null : ticketId));
  const columns = useTicketColumns(flags.hidePrice);
  const formRef = useRef<HTMLDivElement>(null);
  useTicketListsLive();

  const open = useCallback(
    (id: number | null) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('ticketId');
        else next.set('ticketId', String(id));
        return next;
      });
      if (id !== null) setTimeout(() => formRef.current?.scrollIntoView({ block: 'start' }), 50);
    },
    [setParams],
  );

  if (flags.none) {
    return (
      <Alert color="red" m="md">
        {t('ticketEdits.noAccess')}
      </Alert>
    );
  }

  return (
    <Stack gap="md" p="md">
      <div>
        <Title order={2}>{t('ticketEdits.titles.edit')}</Title>
        <Text c="dimmed" size="sm">
          {t('ticketEdits.subtitles.edit')}
        </Text>
      </div>
      {flags.readOnly ? <Alert color="yellow">{t('ticketEdits.readOnly')}</Alert> : null}
      <TicketSearchBar initial={search} onSearch={setSearch} />
      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
        <Group justify="space-between" px="sm" py={6} bg="var(--mantine-color-gray-0)">
          <Text size="sm" fw={500}>
            {t('ticketEdits.search.results', { count: results.data?.length ?? 0 })}
          </Text>
          {results.isFetching ? <Loader size="xs" /> : null}
        </Group>
        <div style={{ height: 300 }} role="region" aria-label={t('ticketEdits.search.gridLabel')}>
          <AgGridReact<TicketEditRow>
            theme={gridTheme}
            modules={ticketGridModules}
            rowData={results.data ?? []}
            columnDefs={columns}
            getRowId={({ data }) => String(data.id)}
            rowHeight={rowHeight}
            headerHeight={headerHeight}
            rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
            onRowClicked={({ data }) => data && open(data.id)}
            onCellKeyDown={(event: CellKeyDownEvent<TicketEditRow>) => {
              const key = (event.event as KeyboardEvent | undefined)?.key;
              if (key === 'Enter' && event.data) open(event.data.id);
            }}
            overlayNoRowsTemplate={`<span>${t('ticketEdits.search.none')}</span>`}
            suppressCellFocus={false}
            animateRows={false}
          />
        </div>
      </Paper>
      <div ref={formRef}>
        {ticketId === null ? (
          <Paper withBorder radius="md" p="xl">
            <Stack align="center" gap={6}>
              <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden>
                <Text span fz={22} lh={1}>
                  ✎
                </Text>
              </ThemeIcon>
              <Text fw={600}>{t('ticketEdits.form.pickTicket')}</Text>
              <Text size="sm" c="dimmed" ta="center" maw={460}>
                {t('ticketEdits.form.pickTicketHint')}
              </Text>
            </Stack>
          </Paper>
        ) : detail.isError ? (
          <Alert color="red">{t('ticketEdits.form.notFound', { id: ticketId })}</Alert>
        ) : !detail.data ? (
          <Loader />
        ) : (
          <TicketForm
            key={`${detail.data.id}-${detail.data.version}`}
            ticket={detail.data}
            flags={flags}
            onReload={() =>
              void queryClient.invalidateQueries({ queryKey: ticketEditKeys.detail(ticketId) })
            }
            onClose={() => open(null)}
          />
        )}
      </div>
    </Stack>
  );
}
