/**
 * Edit Ticket Times (/operations/edit-ticket-times, R-TEDIT-7..8): the day's tickets at a plant,
 * every loop time editable as HH:mm. A time is saved when typed (Enter); one out of order is
 * refused with the reason beside its row ("On job 10:15 is before To job 10:40") and the cell
 * keeps its saved value.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GridApi, ICellRendererParams, ValueSetterParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { permissionFlags } from '@dispatch/domain/permissions';
import { formIdOf } from '@dispatch/domain/resources/define';
import { plantResource } from '@dispatch/domain/resources/plants';
import {
  firstTimeOutOfOrder,
  ticketLoopTimeFields,
  timeOnTicketDay,
  type TicketEditRow,
  type TicketLoopTimeField,
} from '@dispatch/domain/tickets/ticket-edits';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { gridTheme, headerHeight, rowHeight } from '../../components/data-grid/grid-theme';
import { ReferenceSelect } from '../../resources/reference-select';
import { useUserAccess } from '../../session/session-queries';
import {
  errorMessageOf,
  saveTicketTimes,
  ticketEditKeys,
  ticketSearchQuery,
} from './ticket-edits-api';
import { hhmm, ticketGridModules } from './ticket-grid';
import { useTicketListsLive } from './use-ticket-edits-live';

export const editTicketTimesFormId = formIdOf('EditTicketTimes');

type RowState =
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'refused'; message: string; fields: TicketLoopTimeField[] };

function ProblemCell({ data, context }: ICellRendererParams<TicketEditRow, unknown, TimesContext>) {
  const { t } = useTranslation();
  const state = data ? context.states.get(data.id) : undefined;
  if (!state) return null;
  if (state.kind === 'saving')
    return (
      <Text size="sm" c="dimmed">
        {t('ticketEdits.timesScreen.saving')}
      </Text>
    );
  if (state.kind === 'saved') {
    return (
      <Badge color="teal" variant="light" tt="none">
        {t('ticketEdits.timesScreen.saved')}
      </Badge>
    );
  }
  return (
    <Group h="100%" align="center" wrap="nowrap">
      <Text size="sm" c="red.8" fw={600} role="alert" title={state.message} truncate>
        {state.message}
      </Text>
    </Group>
  );
}

type TimesContext = { states: Map<number, RowState> };

export function EditTicketTimesScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const access = useUserAccess();
  const flags = permissionFlags(access.permissions.levelOf(editTicketTimesFormId));
  const [day, setDay] = useState(() => formatDate(new Date(), 'YYYY-MM-DD'));
  const [plantId, setPlantId] = useState<number | null>(null);
  const [reason, setReason] = useState(() => t('ticketEdits.timesScreen.reasonDefault'));
  const [states, setStates] = useState<Map<number, RowState>>(new Map());
  const search = useMemo(
    () => ({
      dateFrom: day,
      dateTo: day,
      ...(plantId === null ? {} : { plantId: String(plantId) }),
      includeVoided: false,
    }),
    [day, plantId],
  );
  const grid = useRef<GridApi<TicketEditRow> | null>(null);
  // A row's state (refused, saved) shows in its cells: redraw them when it changes.
  useEffect(() => {
    grid.current?.refreshCells({ force: true });
  }, [states]);
  const list = useQuery(ticketSearchQuery(search, !flags.none && day !== ''));
  useTicketListsLive();
  // The day in the order it ran: earliest ticket first.
  const rows = useMemo(
    () =>
      [...(list.data ?? [])].sort((a, b) =>
        (a.ticketDateTime ?? '').localeCompare(b.ticketDateTime ?? ''),
      ),
    [list.data],
  );

  const refusal = rows.flatMap((row) => {
    const state = states.get(row.id);
    return state?.kind === 'refused' ? [{ number: row.number, message: state.message }] : [];
  })[0];
  const setState = (id: number, state: RowState | null) =>
    setStates((current) => {
      const next = new Map(current);
      if (state === null) next.delete(id);
      else next.set(id, state);
      return next;
    });

  const names = useMemo(
    () =>
      Object.fromEntries(
        ticketLoopTimeFields.map((field) => [field, t(`ticketEdits.times.${field}`)]),
      ) as Record<TicketLoopTimeField, string>,
    [t],
  );

  const saveTime = async (row: TicketEditRow, field: TicketLoopTimeField, typed: string) => {
    const text = typed.trim();
    const anchor = row.ticketDateTime ?? new Date().toISOString();
    const value = text === '' ? null : timeOnTicketDay(anchor, text);
    if (text !== '' && value === null) {
      setState(row.id, { kind: 'refused', message: t('ticketEdits.badTime'), fields: [field] });
      return;
    }
    if ((row[field] ?? null) === value) return;
    const merged = { ...row, [field]: value };
    const problem = firstTimeOutOfOrder(merged, names, hhmm);
    if (problem) {
      setState(row.id, {
        kind: 'refused',
        message: t('ticketEdits.outOfOrder', {
          field: names[problem.field],
          fieldTime: problem.fieldTime,
          after: names[problem.after],
          afterTime: problem.afterTime,
        }),
        fields: [problem.field, problem.after],
      });
      return;
    }
    if (reason.trim() === '') {
      setState(row.id, {
        kind: 'refused',
        message: `${t('ticketEdits.form.reason')}: ${t('ticketEdits.form.required')}`,
        fields: [],
      });
      return;
    }
    setState(row.id, { kind: 'saving' });
    try {
      const saved = await saveTicketTimes(row.id, {
        version: row.version,
        reason: reason.trim(),
        times: { [field]: value },
      });
      queryClient.setQueryData<TicketEditRow[]>(ticketEditKeys.search(search), (current) =>
        current?.map((candidate) =>
          candidate.id === saved.id ? { ...candidate, ...saved } : candidate,
        ),
      );
      queryClient.setQueryData(ticketEditKeys.detail(saved.id), saved);
      setState(row.id, { kind: 'saved' });
    } catch (error) {
      setState(row.id, {
        kind: 'refused',
        message: errorMessageOf(error).replace(/^times\.\w+: /, ''),
        fields: [field],
      });
    }
  };

  const columns = useMemo((): ColDef<TicketEditRow>[] => {
    const timeColumns = ticketLoopTimeFields.map((field): ColDef<TicketEditRow> => ({
      colId: field,
      headerName: names[field],
      width: 84,
      headerTooltip: names[field],
      wrapHeaderText: true,
      autoHeaderHeight: true,
      editable: flags.full,
      cellEditor: 'agTextCellEditor',
      cellEditorParams: { maxLength: 5 },
      valueGetter: ({ data }) => hhmm(data?.[field]),
      valueSetter: (params: ValueSetterParams<TicketEditRow>) => {
        void saveTime(params.data, field, String(params.newValue ?? ''));
        return false;
      },
      cellStyle: ({ data, context }) => {
        const state = data ? (context as TimesContext).states.get(data.id) : undefined;
        const refused = state?.kind === 'refused' && state.fields.includes(field);
        return {
          fontVariantNumeric: 'tabular-nums',
          textAlign: 'center',
          ...(refused
            ? {
                backgroundColor: 'var(--mantine-color-red-1)',
                color: 'var(--mantine-color-red-9)',
                fontWeight: 700,
              }
            : {}),
        };
      },
    }));
    return [
      { field: 'number', headerName: t('ticketEdits.columns.number'), width: 90 },
      { field: 'truckNumber', headerName: t('ticketEdits.columns.truck'), width: 80 },
      { field: 'customerName', headerName: t('ticketEdits.columns.customer'), width: 140 },
      ...timeColumns,
      {
        colId: 'problem',
        // Always in view beside its row, however far the times scroll.
        pinned: 'right',
        headerName: t('ticketEdits.columns.problem'),
        width: 290,
        cellRenderer: ProblemCell,
      },
    ];
    // saveTime reads the latest rows and reason through state setters and its row argument.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, names, flags.full, reason]);

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
        <Title order={2}>{t('ticketEdits.titles.times')}</Title>
        <Text c="dimmed" size="sm">
          {t('ticketEdits.subtitles.times')}
        </Text>
      </div>
      {flags.readOnly ? <Alert color="yellow">{t('ticketEdits.readOnly')}</Alert> : null}
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" align="flex-end">
          <TextInput
            type="date"
            label={t('ticketEdits.timesScreen.date')}
            w={170}
            value={day}
            onChange={(event) => setDay(event.currentTarget.value)}
          />
          <div style={{ width: 240 }}>
            <ReferenceSelect
              target={plantResource}
              name="plantId"
              label={t('ticketEdits.timesScreen.plant')}
              value={plantId}
              onChange={setPlantId}
            />
          </div>
          <TextInput
            style={{ flex: 1 }}
            label={t('ticketEdits.form.reason')}
            withAsterisk
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={reason.trim() === '' ? t('ticketEdits.form.required') : undefined}
          />
          {list.isFetching ? <Loader size="sm" mb={8} /> : null}
        </Group>
      </Paper>
      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
        <Group justify="space-between" px="sm" py={6} bg="var(--mantine-color-gray-0)">
          <Text size="sm" fw={500}>
            {t('ticketEdits.search.results', { count: rows.length })}
          </Text>
          {refusal ? (
            <Text size="sm" c="red.8" fw={600}>
              {t('ticketEdits.timesScreen.refusedTicket', refusal)}
            </Text>
          ) : null}
        </Group>
        <div
          style={{ height: 420 }}
          role="region"
          aria-label={t('ticketEdits.timesScreen.gridLabel')}
        >
          <AgGridReact<TicketEditRow>
            theme={gridTheme}
            modules={ticketGridModules}
            rowData={rows}
            columnDefs={columns}
            context={{ states }}
            onGridReady={({ api }) => {
              grid.current = api;
            }}
            getRowId={({ data }) => String(data.id)}
            rowHeight={rowHeight}
            headerHeight={headerHeight}
            enterNavigatesVerticallyAfterEdit={false}
            stopEditingWhenCellsLoseFocus
            overlayNoRowsTemplate={`<span>${t('ticketEdits.timesScreen.none')}</span>`}
            animateRows={false}
          />
        </div>
      </Paper>
    </Stack>
  );
}
