/**
 * What the credit letter routes share: their forms (R-MENU-7), the guards built once for them all,
 * the OpenAPI tags, and the rules on amounts (R-CREDIT-5, R-CREDIT-17) and merge fields.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { withoutAmounts } from '@dispatch/domain/credit/credit-letter-schemas';
import { MergeFieldError } from '@dispatch/domain/credit/letter-render';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import type { authorize } from '../../auth/guard';
import { ApiError, validationError } from '../../http/api-error';

export const security = [{ bearer: [] }];
export const tags = ['credit-letters'];

/** The forms, looked up by name (R-MENU-7). */
export const formLetterForm = menuEntryByEnumId('FormLetter')!.id;
export const formLetterMaintenanceForm = menuEntryByEnumId('FormLetterMaintenance')!.id;
export const customerMaintenanceForm = menuEntryByEnumId('CustomerMaintenance')!.id;

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

type Guard = ReturnType<typeof authorize>;

/** The guards and today's date every group of credit letter routes is registered with. */
export type CreditLetterGuards = {
  reader: Guard;
  writer: Guard;
  previewer: Guard;
  asOf: () => string;
};

/** R-CREDIT-17: amounts leave only for levels that show prices. */
export function shown<T>(request: FastifyRequest, value: T): T {
  return request.permission.flags.hidePrice ? withoutAmounts(value) : value;
}

/** R-CREDIT-5: payments are money typed in: levels that hide or only read prices may not. */
export function mayEnterAmounts(request: FastifyRequest): void {
  const { flags } = request.permission;
  if (flags.hidePrice || flags.disablePrice) {
    throw new ApiError('permission', 'Recording payments needs a level that may change prices.');
  }
}

export function rendering<T>(render: () => T): T {
  try {
    return render();
  } catch (error) {
    if (error instanceof MergeFieldError) throw validationError([...error.problems]);
    throw error;
  }
}
