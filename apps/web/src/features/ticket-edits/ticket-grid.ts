/**
 * What the ticket edit grids share: the AG Grid modules they use (client-side rows, editing,
 * selection), and how they show times, dates, quantities and statuses.
 */
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnAutoSizeModule,
  CustomEditorModule,
  NumberEditorModule,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  TextEditorModule,
  TooltipModule,
  ValidationModule,
  type Module,
} from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { formatDate } from '@dispatch/domain/dates/date-format';

export const ticketGridModules: Module[] = [
  ClientSideRowModelModule,
  ColumnAutoSizeModule,
  CellStyleModule,
  RowStyleModule,
  RowApiModule,
  RenderApiModule,
  RowSelectionModule,
  TextEditorModule,
  NumberEditorModule,
  CustomEditorModule,
  TooltipModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
];

/** HH:mm of an instant in the user's zone, '' for none. */
export const hhmm = (iso: string | null | undefined) =>
  iso ? formatDate(new Date(iso), 'HH:mm') : '';
export const dayOf = (iso: string) => formatDate(new Date(iso), 'YYYY-MM-DD');

export function statusText(t: TFunction, statusId: number, voided: boolean): string {
  return t(`ticketEdits.statuses.${voided ? 5 : statusId}`, { defaultValue: String(statusId) });
}

export function numberText(language: string, value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return '';
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  }).format(value);
}

/** Money with its cents, as a price list reads. */
export function moneyText(language: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}
