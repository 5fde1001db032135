/**
 * The batch edit's state (R-TEDIT-5..6): the tickets picked, the rows being edited, the reason,
 * and the preview or apply that sends every changed row in one request.
 */
import { useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { CellValueChangedEvent, GridApi } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type {
  TicketBatchOutcome,
  TicketBatchRow,
  TicketEditRow,
} from '@dispatch/domain/tickets/ticket-edits';
import { changeOf, gridRowOf, type BatchGridRow, type Editable } from './batch-edit-rows';
import { batchEdit, errorMessageOf, fieldProblemsOf, ticketEditKeys } from './ticket-edits-api';

export function useBatchEdit(canPrice: boolean) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<TicketEditRow[]>([]);
  const [rows, setRows] = useState<BatchGridRow[]>([]);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<TicketBatchOutcome | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const editGrid = useRef<GridApi<BatchGridRow> | null>(null);

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

  const addSelected = () => {
    setRows((current) => {
      const have = new Set(current.map((row) => row.id));
      return [
        ...current,
        ...selected.filter((row) => !have.has(row.id) && !row.voidedFlag).map(gridRowOf),
      ];
    });
    setOutcome(null);
  };

  const onGridReady = (api: GridApi<BatchGridRow>) => {
    editGrid.current = api;
  };

  const onCellValueChanged = (event: CellValueChangedEvent<BatchGridRow>) => {
    const changed = event.data;
    setRows((current) => current.map((row) => (row.id === changed.id ? { ...changed } : row)));
    setOutcome(null);
  };

  return {
    selected,
    setSelected,
    rows,
    reason,
    setReason,
    problems,
    outcome,
    busy,
    run,
    addSelected,
    onGridReady,
    onCellValueChanged,
  };
}
