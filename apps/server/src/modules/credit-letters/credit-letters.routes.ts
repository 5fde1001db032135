/**
 * Credit letters (R-CREDIT-1..R-CREDIT-20): the form letter screen's customers by credit condition,
 * their accounts and payments, producing letters as a background job and the letters sent; the
 * template editor's preview. Letter templates themselves are a resource (letter-templates-binding).
 * Reading needs the form (Form Letters, or Form Letter Maintenance for the preview); producing and
 * payments a level that writes; amounts leave only for levels that show prices (R-PERM-6).
 */
import { formatDate } from '@dispatch/domain/dates/date-format';
import { authorize } from '../../auth/guard';
import type { Server, ServerDeps } from '../../http/server';
import { registerCreditAccountRoutes } from './credit-accounts.routes';
import { creditLettersJob } from './credit-letters-job';
import {
  formLetterForm,
  formLetterMaintenanceForm,
  type CreditLetterGuards,
} from './credit-letters-route-helpers';
import { registerCustomerPaymentRoutes } from './customer-payments.routes';
import { registerLetterPreviewRoutes } from './letter-previews.routes';
import { registerLetterRunRoutes } from './letter-runs.routes';
import { registerSentLetterRoutes } from './sent-letters.routes';

export { formLetterForm, formLetterMaintenanceForm } from './credit-letters-route-helpers';

export function registerCreditLettersRoutes(app: Server, deps: ServerDeps): void {
  deps.jobs.register(creditLettersJob);
  // Built once and shared by every group, so each route is guarded as the others of its kind.
  const guards: CreditLetterGuards = {
    reader: authorize(deps, { forms: [formLetterForm] }),
    writer: authorize(deps, { forms: [formLetterForm], write: true }),
    previewer: authorize(deps, { forms: [formLetterMaintenanceForm, formLetterForm] }),
    asOf: () => formatDate(deps.now(), 'YYYY-MM-DD'),
  };
  // The order they were always registered in: the API reference lists them so.
  registerCreditAccountRoutes(app, guards);
  registerLetterPreviewRoutes(app, guards);
  registerLetterRunRoutes(app, deps, guards);
  registerSentLetterRoutes(app, deps, guards);
  registerCustomerPaymentRoutes(app, deps, guards);
}
