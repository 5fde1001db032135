/**
 * The English of the screens behind the sign-in, one namespace per feature. The login page needs
 * none of it, so it loads after sign-in (i18n.ts, loadScreenTexts) and keeps the login route light.
 */
import { flagInvoiceEn } from './flag-invoice-text';
import { creditLettersEn } from './credit-letters-text';
import { accountingExportEn } from './accounting-export-text';
import { nlqEn } from './nlq-text';
import { loadSchedulingEn } from './load-scheduling-text';
import { ticketEntryEn } from './ticket-entry-text';
import { batchingEn } from './batching-text';
import { ticketEditsEn } from './ticket-edits-text';
import { printEn } from './print-text';
import { numberFieldEn } from './number-field-text';
import { jobsEn } from './jobs-text';
import { reportsEn } from './reports-text';
import { reportSchedulingEn } from './report-scheduling-text';
import { mixOperationsEn } from './mix-operations-text';
import { inquiryEn } from './inquiry-text';
import { dashboardEn } from './dashboard-text';
import { truckMapEn } from './truck-map-text';
import { lookupValuesEn } from './lookup-values';
import { driverEn } from './driver-text';
import { officeScreensEn } from './office-screens-en';

export const screenTextsEn = {
  ...officeScreensEn,
  flagInvoice: flagInvoiceEn,
  creditLetters: creditLettersEn,
  accountingExport: accountingExportEn,
  nlq: nlqEn,
  loadScheduling: loadSchedulingEn,
  ticketEntry: ticketEntryEn,
  batching: batchingEn,
  ticketEdits: ticketEditsEn,
  print: printEn,
  numberField: numberFieldEn,
  backgroundJobs: jobsEn,
  reports: reportsEn,
  reportScheduling: reportSchedulingEn,
  mixOperations: mixOperationsEn,
  inquiry: inquiryEn,
  dashboard: dashboardEn,
  truckMap: truckMapEn,
  lookupValues: lookupValuesEn,
  driver: driverEn,
};
