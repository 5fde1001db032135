/**
 * Who writes an order, and what they may do with it. Order entry's writes (R-ORD-1..12: create,
 * change, delete and copy, in order-create, order-update, order-delete and order-copy) are each one
 * transaction that publishes its events and records its history before it commits, so an event or
 * a history entry exists if and only if the write did (R-LIVE-1).
 */
import type { PermissionFlags } from '@dispatch/domain/permissions';
import type { SystemTypeId } from '@dispatch/domain/system-types';

/** Who writes, and what they may do with an order of a given system type. */
export type OrderWriter = {
  username: string;
  now: Date;
  allowedSystemTypeIds: readonly SystemTypeId[];
  /**
   * R-ORD-11: the caller's flags on the order entry form of that system type; refuses (throws
   * 403) a caller who may not write it.
   */
  access: (systemTypeId: SystemTypeId) => PermissionFlags;
};
