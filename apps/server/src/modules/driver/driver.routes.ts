/**
 * R-DRV-1..3: what the driver app asks of the server besides positions and the signed e-ticket
 * (trucks and ticket-edits own those): the driver's day and the status buttons. Any signed-in user
 * may ask; only a user who drives a truck gets an answer (404 otherwise), and only for that truck.
 */
import {
  driverDaySchema,
  driverStatusBodySchema,
  driverTruckSchema,
} from '@dispatch/domain/driver/driver-day';
import { truckLiveViewResponseSchema } from '@dispatch/domain/trucks/truck-views';
import { authorize } from '../../auth/guard';
import type { Server, ServerDeps } from '../../http/server';
import { changeTruckStatus } from '../trucks/truck-status.service';
import { toTruckLiveView } from '../trucks/trucks.service';
import { driverTruckIdOf } from '../trucks/truck-access';
import { driverDay, driverTruckOrRefuse, tapTime } from './driver-day.service';

const security = [{ bearer: [] }];
const tags = ['driver'];

export function registerDriverRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/driver/truck',
    {
      preValidation: authorize(deps),
      schema: {
        tags,
        summary: 'The truck the signed-in user drives, or null: where the login sends them',
        security,
        response: { 200: driverTruckSchema },
      },
    },
    async (request) => ({
      truckId: await driverTruckIdOf(request.auth!.connection.db, request.auth!.userId),
    }),
  );

  app.get(
    '/api/v1/driver/today',
    {
      preValidation: authorize(deps),
      schema: {
        tags,
        summary: "The driver's truck and today's loads on it, the current one first (no prices)",
        security,
        response: { 200: driverDaySchema },
      },
    },
    async (request) => driverDay(request.auth!.connection.db, request.auth!.userId, deps.now()),
  );

  app.put(
    '/api/v1/driver/status',
    {
      preValidation: authorize(deps),
      schema: {
        tags,
        summary:
          "The driver's status buttons: sets their own truck's status as a dispatcher's click does",
        security,
        body: driverStatusBodySchema,
        response: { 200: truckLiveViewResponseSchema },
      },
    },
    async (request) => {
      const db = request.auth!.connection.db;
      const truckId = await driverTruckOrRefuse(db, request.auth!.userId);
      const at = await tapTime(db, truckId, request.body.tappedAt, deps.now());
      const truck = await changeTruckStatus(db, {
        id: truckId,
        statusId: request.body.statusId,
        version: request.body.version,
        now: at,
        username: request.auth!.username,
      });
      return toTruckLiveView(truck);
    },
  );
}
