/** Who may read and write orders: the forms that show them, and the check of an order's writer. */
import type { FastifyRequest } from 'fastify';
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import { allowedSystemTypes, systemTypes } from '@dispatch/domain/system-types';
import { formName } from '../../auth/guard';
import { systemTypeFormPermission } from '../../auth/system-type-form';
import { ApiError } from '../../http/api-error';
import type { ServerDeps } from '../../http/server';
import type { OrderWriter } from './order-writer';

/**
 * Order entry (concrete 15000, aggregate 25000, block 35000), Load Scheduling 51001, Pending Orders
 * 51002, the audit forms (13000, 23000, 33000) and the Batch Load Screen 14000.
 */
export const orderForms = [15000, 25000, 35000, 51001, 51002, 13000, 23000, 33000, 14000] as const;

/** R-ORD-11: the order entry form of each system type (R-PERM-8): concrete, aggregate, block. */
export const orderEntryForms = systemTypes.map((type) => systemTypeForm('orderEntry', type.id).id);

/**
 * Who writes an order, and the check of their order entry form for the order's system type: the
 * system type's group (R-PERM-2) and a level that may write (R-PERM-6), else 403 naming the form.
 * The level found decides what the answer shows of prices.
 */
export function writerOf(request: FastifyRequest, deps: ServerDeps): OrderWriter {
  const auth = request.auth!;
  const allowed = allowedSystemTypes(auth.groupIds);
  return {
    username: auth.username,
    now: deps.now(),
    allowedSystemTypeIds: allowed,
    access(systemTypeId) {
      const { flags } = systemTypeFormPermission(request, 'orderEntry', systemTypeId);
      if (flags.readOnly) {
        const formId = systemTypeForm('orderEntry', systemTypeId).id;
        throw new ApiError('permission', `${formName(formId)} is read-only for you.`);
      }
      return flags;
    },
  };
}
