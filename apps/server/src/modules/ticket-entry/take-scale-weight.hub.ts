/**
 * R-SCALE-4: TakeScaleWeight, the hub method the aggregate ticket screen takes a weight with
 * (Space for the gross, T for the tare). It runs in the dispatcher that delivers the scale's
 * readings to the caller, so the weight is the one the scale man sees; dispatch/hub-wiring.ts
 * adds it. Only a writer of the aggregate ticket entry form of the pit's system type may take one.
 */
import { ticketEntryFormId } from '@dispatch/domain/dispatch/ticket-entry';
import { canView, permissionFlags, permissionLevels } from '@dispatch/domain/permissions';
import { allowedSystemTypes, systemTypeIds } from '@dispatch/domain/system-types';
import {
  takeScaleWeightArgsSchema,
  type TakenWeight,
} from '@dispatch/domain/tickets/scale-weighings';
import { findSession } from '../../auth/session-store';
import type { Tenancy } from '../../db/tenancy';
import { parseHubArgs, type LoggedInCall } from '../../dispatch/dispatcher';
import { takeScaleWeight } from './scale-weighings.service';

export type TakeScaleWeightDeps = { tenancy: Tenancy; now: () => Date };

export function takeScaleWeightHubMethod(
  deps: TakeScaleWeightDeps,
): (call: LoggedInCall) => Promise<TakenWeight> {
  return async ({ login, args, log, scaleReading }) => {
    const [plantId, kind, truckId] = parseHubArgs(
      takeScaleWeightArgsSchema,
      args,
      'TakeScaleWeight',
    );
    const auth = await findSession(await deps.tenancy.open(login.database), {
      database: login.database,
      token: login.token,
      now: deps.now(),
      onWarning: (warning) => log.warn(warning),
    });
    if (!auth) throw new Error('TakeScaleWeight: the session has ended.');
    const formId = ticketEntryFormId(systemTypeIds.aggregate);
    const level = allowedSystemTypes(auth.groupIds).includes(systemTypeIds.aggregate)
      ? auth.permissions.levelOf(formId)
      : permissionLevels.None;
    if (!canView(level) || permissionFlags(level).readOnly) {
      throw new Error('TakeScaleWeight: you may not take weights at the scale.');
    }
    try {
      return await takeScaleWeight(auth.connection.db, {
        plantId,
        kind,
        truckId: truckId ?? null,
        reading: scaleReading(plantId),
        username: auth.username,
        now: deps.now(),
      });
    } catch (error) {
      // The hub answers an Error's message: the rule the weight broke, for the screen to show.
      throw new Error(
        `TakeScaleWeight: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  };
}
