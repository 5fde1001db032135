/** The batch edit grid's columns: a changed cell is marked until the batch is applied. */
import { useMemo } from 'react';
import type { ColDef, SuppressKeyboardEventParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { jobResource } from '@dispatch/domain/resources/jobs';
import {
  aggregateProductResource,
  blockProductResource,
  concreteProductResource,
} from '@dispatch/domain/resources/products';
import { sameRecord, type BatchGridRow, type Editable } from './batch-edit-rows';
import { ReferenceCellEditor, type PickedRecord } from './reference-cell-editor';
import { moneyText, numberText } from './ticket-grid';

const productTargets = {
  1: concreteProductResource,
  2: aggregateProductResource,
  3: blockProductResource,
} as const;

const changedStyle = { backgroundColor: 'var(--mantine-color-yellow-1)', fontWeight: 600 };
const editableStyle = { backgroundColor: 'var(--mantine-color-body)' };

/** Enter and the arrows belong to the pick list while a reference cell is being edited. */
const pickListKeys = ({ editing, event }: SuppressKeyboardEventParams) =>
  editing && ['Enter', 'ArrowUp', 'ArrowDown', 'Tab'].includes(event.key);

export function useBatchEditColumns(hidePrice: boolean, canPrice: boolean) {
  const { t, i18n } = useTranslation();
  return useMemo((): ColDef<BatchGridRow>[] => {
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
      hidePrice
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
  }, [t, i18n.language, hidePrice, canPrice]);
}
