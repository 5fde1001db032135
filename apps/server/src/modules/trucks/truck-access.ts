/**
 * Who may act for a truck in the field (issue 26): its own driver, or a dispatcher with write
 * access to the truck boards for the truck's system type (R-PERM-2). Positions, the driver's
 * status buttons and the signed e-ticket all ask this one question.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { canView, permissionFlags } from '@dispatch/domain/permissions';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import type { AuthContext } from '../../auth/session-store';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { drivers, trucks } from '../../db/schema/trucks';
import { ApiError, notFound } from '../../http/api-error';
import { trucksOfSystemTypes } from './trucks.service';
import { truckBoardFormIds } from './truck-forms';

/**
 * The truck a user drives: the active truck whose driver is the user's employee. A driver bound
 * to two trucks (a spare left assigned) drives the one with the lowest id, so the answer is stable.
 * As a subquery, so a check can ask it beside the truck in one round trip.
 */
function driverTruckOf(db: Db | Tx, userId: number): SQL<number | null> {
  const query = db
    .select({ truckId: trucks.id })
    .from(users)
    .innerJoin(drivers, eq(drivers.employeeId, users.employeeId))
    .innerJoin(trucks, and(eq(trucks.driverId, drivers.id), eq(trucks.inactiveFlag, false)))
    .where(eq(users.id, userId))
    .orderBy(trucks.id)
    .limit(1);
  return sql<number | null>`(${query})`;
}

export async function driverTruckIdOf(db: Db | Tx, userId: number): Promise<number | null> {
  const { rows } = await db.execute<{ truck_id: number | null }>(
    sql`select ${driverTruckOf(db, userId)} as truck_id`,
  );
  return rows[0]?.truck_id ?? null;
}

export type TruckActor = {
  /** The caller is the truck's own driver (not acting as a dispatcher). */
  readonly asDriver: boolean;
};

/**
 * Answers how the caller may act for the truck, or throws: 404 when the truck does not exist (or
 * is of a system type the caller cannot see), 403 when they may see it but not act for it.
 */
export async function truckActor(
  db: Db | Tx,
  auth: AuthContext,
  truckId: number,
): Promise<TruckActor> {
  const systemTypeIds = allowedSystemTypes(auth.groupIds);
  const [row] = await db
    .select({
      driven: sql<boolean>`${driverTruckOf(db, auth.userId)} is not distinct from ${trucks.id}`,
      visible: sql<boolean>`${trucksOfSystemTypes(systemTypeIds)}`,
    })
    .from(trucks)
    .where(eq(trucks.id, truckId));
  if (!row) throw notFound('The truck');
  if (row.driven) return { asDriver: true };
  const level = auth.permissions.highestOf(truckBoardFormIds);
  if (!row.visible || !canView(level)) {
    throw new ApiError('permission', "Only the truck's driver or a dispatcher may do this.");
  }
  if (permissionFlags(level).readOnly) {
    throw new ApiError('permission', 'The truck boards are read-only for you.');
  }
  return { asDriver: false };
}
