/**
 * Batch Edit Tickets (/ticketing/batch-edit-tickets, R-TEDIT-5..6, R-TEDIT-8): search and select
 * tickets, type new prices, products, jobs, POs and quantities in a grid as in a spreadsheet,
 * preview every ticket's before → after, and apply them all in one transaction with a reason.
 */
import { useMemo, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AgGridReact } from 'ag-grid-react';
import type {
  CellValueChangedEvent,
  ColDef,
  GridApi,
  SuppressKeyboardEventParams,
} from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { permissionFlags } from '@dispatch/domain/permissions';
import { formIdOf } from '@dispatch/domain/resources/define';
import { jobResource } from '@dispatch/domain/resources/jobs';
import {
  aggregateProductResource,
  blockProductResource,
  concreteProductResource,
} from '@dispatch/domain/resources/products';
import type {
  TicketBatchOutcome,
  TicketBatchRow,
  TicketEditRow,
} from '@dispatch/domain/tickets/ticket-edits';
import { gridTheme, headerHeight, rowHeight } from '../../components/data-grid/grid-theme';
import { useUserAccess } from '../../session/session-queries';
import { useTicketColumns } from './edit-tickets-screen';
import { ReferenceCellEditor, type PickedRecord } from './reference-cell-editor';
import {
  batchEdit,
  errorMessageOf,
  fieldProblemsOf,
  ticketEditKeys,
  ticketSearchQuery,
  type TicketSearch,
} from './ticket-edits-api';
import { moneyText, numberText, ticketGridModules } from './ticket-grid';
import { changeLabel, changeValue } from './ticket-history';
import { TicketSearchBar } from './ticket-search-bar';
import { useTicketListsLive } from './use-ticket-edits-live';

export const batchEditTicketsFormId = formIdOf('BatchEditTickets');

const productTargets = {
  1: concreteProductResource,
  2: aggregateProductResource,
  3: blockProductResource,
} as const;

type Editable = {
  product: PickedRecord;
  quantity: number | null;
  price: number | null;
  job: PickedRecord;
  customerPoNumber: string;
};
type BatchGridRow = Editable & {
  id: number;
  number: number;
  version: number;
  systemTypeId: 1 | 2 | 3;
  customerName: string;
  orderNumber: number;
  original: Editable;
};

function gridRowOf(row: TicketEditRow): BatchGridRow {
  const editable: Editable = {
    product: row.productId === null ? null : { id: row.productId, label: row.productDescription },
    quantity: row.quantity,
    price: row.price ?? null,
    job: row.jobId === null ? null : { id: row.jobId, label: row.jobNumber },
    customerPoNumber: row.customerPoNumber,
  };
  return {
    ...editable,
    id: row.id,
    number: row.number,
    version: row.version,
    systemTypeId: row.systemTypeId,
    customerName: row.customerName,
    orderNumber: row.orderNumber,
    original: editable,
  };
}

const sameRecord = (a: PickedRecord, b: PickedRecord) => (a?.id ?? null) === (b?.id ?? null);

/** The cells the clerk changed, as the batch edit's row (R-TEDIT-5). */
function changeOf(row: BatchGridRow, canPrice: boolean): TicketBatchRow | null {
  const change: TicketBatchRow = { ticketId: row.id, version: row.version };
  const was = row.original;
  if (!sameRecord(row.product, was.product) && row.product) change.productId = row.product.id;
  if (row.quantity !== was.quantity && row.quantity !== null) change.quantity = row.quantity;
  if (canPrice && row.price !== was.price) change.price = row.price;
  if (!sameRecord(row.job, was.job)) change.jobId = row.job?.id ?? null;
  if (row.customerPoNumber.trim() !== was.customerPoNumber) {
    change.customerPoNumber = row.customerPoNumber.trim() || null;
  }
  return Object.keys(change).length > 2 ? change : null;
}

const changedStyle = { backgroundColor: 'var(--mantine-color-yellow-1)', fontWeight: 600 };
const editableStyle = { backgroundColor: 'var(--mantine-color-body)' };

/** Enter and the arrows belong to the pick list while a reference cell is being edited. */
const pickListKeys = ({ editing, event }: SuppressKeyboardEventParams) =>
  editing && ['Enter', 'ArrowUp', 'ArrowDown', 'Tab'].includes(event.key);

// eslint-disable-next-line max-lines-per-function -- still to split (godfiles helper ran out of time)
export function BatchEditTicketsScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const access = useUserAccess();
  const flags = permissionFlags(access.permissions.levelOf(batchEditTicketsFormId));
  const canPrice = !flags.hidePrice && !flags.disablePrice;
  const [search, setSearch] = useState<TicketSearch>({ includeVoided: false });
  const results = useQuery(ticketSearchQuery(search, !flags.none));
  const resultColumns = useTicketColumns(flags.hidePrice);
  const [selected, setSelected] = useState<TicketEditRow[]>([]);
  const [rows, setRows] = useState<BatchGridRow[]>([]);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<TicketBatchOutcome | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const editGrid = useRef<GridApi<BatchGridRow> | null>(null);
  useTicketListsLive();

  const editColumns = useMemo((): ColDef<BatchGridRow>[] => {
    const changed = (key: keyof Editable) => (row: BatchGridRow | undefined) =>
      row !== undefined &&
      (key === 'product' || key === 'job'
        ? !sameRecord(row[key], row.original[key])
        : key === 'customerPoNumber'
          ? row.customerPoNumber.trim() !== row.original.customerPoNumber
          : row[key] !== row.original[key]);
    const style =
      (key: keyof Editable) =>
      ({ data }: { data: BatchGridRow | undefined }) =>
        changed(key)(data) ? changedStyle : editableStyle;
    const columns: (ColDef<BatchGridRow> | null)[] = [
      { field: 'number', headerName: t('ticketEdits.columns.number'), width: 90, editable: false },
      {
        field: 'orderNumber',
        headerName: t('ticketEdits.columns.order'),
        width: 90,
        editable: false,
      },
      {
        field: 'customerName',
        headerName: t('ticketEdits.columns.customer'),
        flex: 1,
        minWidth: 150,
        editable: false,
      },
      {
        field: 'product',
        headerName: t('ticketEdits.columns.product'),
        flex: 1,
        minWidth: 180,
        editable: true,
        cellEditorSelector: ({ data }) => ({
          component: ReferenceCellEditor,
          params: {
            target: productTargets[data.systemTypeId],
            label: t('ticketEdits.columns.product'),
          },
          popup: true,
        }),
        valueFormatter: ({ value }) => (value as PickedRecord)?.label ?? '',
        equals: sameRecord,
        suppressKeyboardEvent: pickListKeys,
        cellStyle: style('product'),
      },
      {
        field: 'quantity',
        headerName: t('ticketEdits.columns.quantity'),
        width: 100,
        editable: true,
        cellEditor: 'agNumberCellEditor',
        cellEditorParams: { min: 0, precision: 3 },
        cellClass: 'ag-right-aligned-cell',
        valueFormatter: ({ value }) => numberText(i18n.language, value as number | null, 3),
        cellStyle: style('quantity'),
      },
      flags.hidePrice
        ? null
        : {
            field: 'price',
            headerName: t('ticketEdits.columns.price'),
            width: 110,
            editable: canPrice,
            cellEditor: 'agNumberCellEditor',
            cellEditorParams: { min: 0, precision: 2 },
            cellClass: 'ag-right-aligned-cell',
            valueFormatter: ({ value }) => moneyText(i18n.language, value as number | null),
            cellStyle: style('price'),
          },
      {
        field: 'job',
        headerName: t('ticketEdits.columns.job'),
        width: 170,
        editable: true,
        cellEditor: ReferenceCellEditor,
        cellEditorPopup: true,
        cellEditorParams: { target: jobResource, label: t('ticketEdits.columns.job') },
        valueFormatter: ({ value }) => (value as PickedRecord)?.label ?? '',
        equals: sameRecord,
        suppressKeyboardEvent: pickListKeys,
        cellStyle: style('job'),
      },
      {
        field: 'customerPoNumber',
        headerName: t('ticketEdits.columns.po'),
        width: 140,
        editable: true,
        cellEditor: 'agTextCellEditor',
        cellEditorParams: { maxLength: 50 },
        cellStyle: style('customerPoNumber'),
      },
    ];
    return columns.filter((column): column is ColDef<BatchGridRow> => column !== null);
  }, [t, i18n.language, flags.hidePrice, canPrice]);

  /** What the grid holds now: a cell still being typed in is taken as typed. */
  const currentChanges = (): TicketBatchRow[] => {
    const api = editGrid.current;
    api?.stopEditing();
    const now: BatchGridRow[] = [];
    if (api) api.forEachNode((node) => node.data && now.push(node.data));
    return (api ? now : rows).flatMap((row) => {
      const change = changeOf(row, canPrice);
      return change ? [change] : [];
    });
  };

  const run = async (preview: boolean) => {
    setProblems({});
    const changes = currentChanges();
    if (changes.length === 0) {
      setProblems({ form: t('ticketEdits.batch.nothingChanged') });
      return;
    }
    if (reason.trim() === '') {
      setProblems({ reason: t('ticketEdits.form.required') });
      return;
    }
    setBusy(preview ? 'preview' : 'apply');
    try {
      const answer = await batchEdit({ changes, reason: reason.trim(), preview });
      setOutcome(answer);
      if (!preview) {
        notifications.show({
          color: 'teal',
          message: t('ticketEdits.batch.applied', { count: answer.tickets.length }),
        });
        // The grid starts again from what is now saved.
        const versions = new Map(answer.tickets.map((ticket) => [ticket.ticketId, ticket.version]));
        setRows((current) =>
          current.map((row) => {
            const now: Editable = {
              product: row.product,
              quantity: row.quantity,
              price: row.price,
              job: row.job,
              customerPoNumber: row.customerPoNumber.trim(),
            };
            return { ...row, version: versions.get(row.id) ?? row.version, original: now };
          }),
        );
        setReason('');
        void queryClient.invalidateQueries({ queryKey: ticketEditKeys.all });
      }
    } catch (error) {
      const found = fieldProblemsOf(error);
      setProblems(
        Object.keys(found).length > 0 && found.reason ? found : { form: errorMessageOf(error) },
      );
    } finally {
      setBusy(null);
    }
  };

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
        <Title order={2}>{t('ticketEdits.titles.batch')}</Title>
        <Text c="dimmed" size="sm">
          {t('ticketEdits.subtitles.batch')}
        </Text>
      </div>
      {flags.readOnly ? <Alert color="yellow">{t('ticketEdits.readOnly')}</Alert> : null}
      <TicketSearchBar initial={search} onSearch={setSearch} />
      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
        <Group justify="space-between" px="sm" py={6} bg="var(--mantine-color-gray-0)">
          <Text size="sm" fw={500}>
            {t('ticketEdits.search.results', { count: results.data?.length ?? 0 })}
            {' · '}
            {t('ticketEdits.batch.selected', { count: selected.length })}
          </Text>
          <Button
            size="xs"
            disabled={selected.length === 0 || flags.readOnly}
            onClick={() => {
              setRows((current) => {
                const have = new Set(current.map((row) => row.id));
                return [
                  ...current,
                  ...selected.filter((row) => !have.has(row.id) && !row.voidedFlag).map(gridRowOf),
                ];
              });
              setOutcome(null);
            }}
          >
            {t('ticketEdits.batch.addSelected')}
          </Button>
        </Group>
        <div style={{ height: 240 }} role="region" aria-label={t('ticketEdits.search.gridLabel')}>
          <AgGridReact<TicketEditRow>
            theme={gridTheme}
            modules={ticketGridModules}
            rowData={results.data ?? []}
            columnDefs={resultColumns}
            getRowId={({ data }) => String(data.id)}
            rowHeight={rowHeight}
            headerHeight={headerHeight}
            rowSelection={{
              mode: 'multiRow',
              checkboxes: true,
              headerCheckbox: true,
              enableClickSelection: true,
              isRowSelectable: (node) => !node.data?.voidedFlag && !node.data?.invoicedFlag,
            }}
            onSelectionChanged={({ api }) => setSelected(api.getSelectedRows())}
            overlayNoRowsTemplate={`<span>${t('ticketEdits.search.none')}</span>`}
            animateRows={false}
          />
        </div>
      </Paper>

      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
        <Group justify="space-between" px="sm" py={6} bg="var(--mantine-color-gray-0)">
          <Text size="sm" fw={500}>
            {t('ticketEdits.batch.editing', { count: rows.length })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('ticketEdits.batch.gridHint')}
          </Text>
        </Group>
        <div style={{ height: 230 }} role="region" aria-label={t('ticketEdits.batch.gridLabel')}>
          <AgGridReact<BatchGridRow>
            theme={gridTheme}
            modules={ticketGridModules}
            rowData={rows}
            columnDefs={editColumns}
            getRowId={({ data }) => String(data.id)}
            rowHeight={rowHeight}
            headerHeight={headerHeight}
            singleClickEdit={false}
            enterNavigatesVerticallyAfterEdit
            onGridReady={({ api }) => {
              editGrid.current = api;
            }}
            onCellValueChanged={(event: CellValueChangedEvent<BatchGridRow>) => {
              const changed = event.data;
              setRows((current) =>
                current.map((row) => (row.id === changed.id ? { ...changed } : row)),
              );
              setOutcome(null);
            }}
            overlayNoRowsTemplate={`<span>${t('ticketEdits.batch.emptyGrid')}</span>`}
            animateRows={false}
          />
        </div>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group align="flex-end" gap="sm">
            <TextInput
              style={{ flex: 1 }}
              label={t('ticketEdits.form.reason')}
              placeholder={t('ticketEdits.form.reasonPlaceholder')}
              withAsterisk
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={problems.reason}
              readOnly={flags.readOnly}
            />
            <Button
              variant="default"
              loading={busy === 'preview'}
              disabled={flags.readOnly}
              onClick={() => void run(true)}
            >
              {t('ticketEdits.batch.preview')}
            </Button>
            <Button
              loading={busy === 'apply'}
              disabled={flags.readOnly || outcome === null || !outcome.preview}
              onClick={() => void run(false)}
            >
              {t('ticketEdits.batch.apply')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('ticketEdits.batch.applyHint')}
          </Text>
          {problems.form ? <Alert color="red">{problems.form}</Alert> : null}
        </Stack>
      </Paper>

      {outcome ? (
        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            {outcome.preview
              ? t('ticketEdits.batch.previewHeading', { count: outcome.tickets.length })
              : t('ticketEdits.batch.appliedHeading', { count: outcome.tickets.length })}
          </Title>
          <Table
            withTableBorder
            withColumnBorders
            verticalSpacing={4}
            fz="sm"
            aria-label={
              outcome.preview
                ? t('ticketEdits.batch.previewHeading', { count: outcome.tickets.length })
                : t('ticketEdits.batch.appliedHeading', { count: outcome.tickets.length })
            }
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={100}>{t('ticketEdits.columns.number')}</Table.Th>
                <Table.Th w="22%">{t('auditTrail.field')}</Table.Th>
                <Table.Th>{t('auditTrail.before')}</Table.Th>
                <Table.Th w={32} aria-hidden />
                <Table.Th>{t('auditTrail.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outcome.tickets.flatMap((ticket) =>
                ticket.changes.length === 0
                  ? [
                      <Table.Tr key={ticket.ticketId}>
                        <Table.Td fw={600}>{ticket.number}</Table.Td>
                        <Table.Td colSpan={4} c="dimmed">
                          {t('ticketEdits.batch.noChange')}
                        </Table.Td>
                      </Table.Tr>,
                    ]
                  : ticket.changes.map((change, index) => (
                      <Table.Tr key={`${ticket.ticketId}-${change.field}`}>
                        {index === 0 ? (
                          <Table.Td fw={600} rowSpan={ticket.changes.length} valign="top">
                            <Group gap={6}>
                              {ticket.number}
                              {!outcome.preview ? (
                                <Badge size="xs" color="teal" variant="light">
                                  ✓
                                </Badge>
                              ) : null}
                            </Group>
                          </Table.Td>
                        ) : null}
                        <Table.Td fw={500}>{changeLabel(t, change.field)}</Table.Td>
                        <Table.Td c="red.8" td="line-through">
                          {changeValue(t, i18n.language, change, 'before')}
                        </Table.Td>
                        <Table.Td c="dimmed" ta="center" aria-hidden>
                          →
                        </Table.Td>
                        <Table.Td c="teal.8">
                          {changeValue(t, i18n.language, change, 'after')}
                        </Table.Td>
                      </Table.Tr>
                    )),
              )}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : null}
    </Stack>
  );
}
