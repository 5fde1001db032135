/**
 * R-BOARD-1..2, R-BOARD-10, R-BOARD-14: the load-scheduling board's read and the yard reorder. Both serve the
 * Load Scheduling form: reading needs a level that views it, reordering one that writes it.
 */
import { truckSequenceEventSchema } from '@dispatch/domain/trucks/yard-sequence';
import {
  loadBoardQuerySchema,
  loadBoardSchema,
  yardSequenceBodySchema,
} from '@dispatch/domain/dispatch/load-board';
import { formIdOf } from '@dispatch/domain/resources/define';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { parseIsoDate } from '@dispatch/domain/dates/iso-date';
import { authorize } from '../../auth/guard';
import { validationError } from '../../http/api-error';
import { sendCachedJson, type CachedJson } from '../../http/cached-json';
import { idParams } from '../../http/write-fields';
import type { Server, ServerDeps } from '../../http/server';
import { createFeedCache } from '../../dispatch/feed-cache';
import { gzipHead, gzipWithTail } from './board-gzip';
import { boardPlants, readBoardOrders, readBoardPlants } from './load-board.service';
import { reorderYard } from './yard-sequence.service';

export const loadSchedulingFormId = formIdOf('LoadScheduling');

/** R-BOARD-2: the longest window one read may ask for. */
export const maxBoardWindowDays = 7;

const security = [{ bearer: [] }];
const dayMs = 24 * 60 * 60_000;

/**
 * R-BOARD-2: events that change nothing in the board's orders and loads: trucks moving (a status
 * that stamps a ticket also sends ticketUpdate_v1, and a drift loadUpdate_v1), yards, averages,
 * and what is not about dispatch at all. Every other event drops the kept orders.
 */
const eventsSparingOrders = new Set([
  'ping',
  'truckUpdate_v1',
  'truckSequenceUpdate_v1',
  'scheduleStatusAverageUpdate_v1',
  'updateScale_v1',
  'ticketPrintReply_v1',
  'quickLaunchFormUpdate_v1',
  'reportComplete_v1',
  'accountingExportComplete_v1',
  'accountingExportFailed_v1',
  'logoutEvent_v1',
  'permissionsChanged_v1',
  'invoiceUpdate_v1',
  'jobProgress_v1',
]);

export function registerLoadBoardRoutes(app: Server, deps: ServerDeps): void {
  // The orders and loads are most of the answer and of its cost; trucks change far more often
  // (every status change). They are kept apart, serialised, so a truck moving rebuilds only the
  // plants' part and the answer is the two strings put together.
  const ordersCache = createFeedCache(deps.changeFeed, {
    maxAgeMs: 5_000,
    maxEntriesPerDatabase: 100,
    invalidatedBy: (event) => !eventsSparingOrders.has(event.name),
  });
  // As the board cache (app.ts): a write answered by this process drops the kept orders before its
  // client can read again, unless it only moves trucks (a status that stamps a ticket is caught by
  // its ticketUpdate_v1 as it commits).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      request.auth &&
      !/^\/api\/v1\/(trucks\/\d+\/status|plants\/\d+\/yard-sequence)\b/.test(request.url)
    ) {
      ordersCache.invalidate(request.auth.database);
    }
    done(null, payload);
  });
  app.get(
    '/api/v1/load-board',
    {
      preValidation: authorize(deps, { forms: [loadSchedulingFormId] }),
      // The board's hot read is sent as kept, serialised once per change (see below).
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['load-board'],
        summary:
          "The load-scheduling board: the plants' yards and trucks out, and the orders with a load in the window, each load projected and as stamped",
        security,
        querystring: loadBoardQuerySchema,
        response: { 200: loadBoardSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const from = parseIsoDate(request.query.from)!;
      const to = parseIsoDate(request.query.to)!;
      if (to.getTime() < from.getTime()) {
        throw validationError([{ field: 'to', reason: 'must not be before from' }]);
      }
      if (to.getTime() - from.getTime() > maxBoardWindowDays * dayMs) {
        throw validationError([
          { field: 'to', reason: `must be within ${maxBoardWindowDays} days of from` },
        ]);
      }
      const { plantIds } = request.query;
      const allowedSystemTypeIds = allowedSystemTypes(auth.groupIds);
      const { db } = auth.connection;
      // Kept serialised per database and question until a write commits there (R-BOARD-2).
      const key = JSON.stringify({
        board: 'load',
        from: from.toISOString(),
        to: to.toISOString(),
        plantIds,
        allowedSystemTypeIds,
      });
      const answer = await deps.boardCache.read(auth.database, key, async () => {
        const plants = await boardPlants(db, { plantIds, allowedSystemTypeIds });
        const missing = plantIds?.filter((id) => !plants.some((plant) => plant.id === id)) ?? [];
        if (missing.length > 0) return { missing };
        const now = deps.now();
        const [plantsJson, head] = await Promise.all([
          readBoardPlants(db, plants, now).then((list) => JSON.stringify(list)),
          ordersCache.read(auth.database, key, async () => {
            const orders = await readBoardOrders(db, { from, to }, plants);
            // The answer's head as loadBoardSchema has it: the window and the orders.
            const text = `${JSON.stringify({ from: from.toISOString(), to: to.toISOString() }).slice(0, -1)},"orders":${JSON.stringify(orders)}`;
            return { text, gzipped: gzipHead(text) };
          }),
        ]);
        // Its tail: when it was made and the plants. Gzipped, only the tail is deflated anew.
        const tail = `,"generatedAt":${JSON.stringify(now.toISOString())},"plants":${plantsJson}}`;
        const answer: CachedJson = {
          json: head.text + tail,
          gzipped: head.gzipped.then((gzipped) => gzipWithTail(gzipped, tail)),
        };
        return answer;
      });
      if ('missing' in answer) {
        throw validationError([
          {
            field: 'plantIds',
            reason: `refers to plants that do not exist or are not on your board: ${answer.missing.join(', ')}`,
          },
        ]);
      }
      return sendCachedJson(request, reply, answer);
    },
  );

  app.put(
    '/api/v1/plants/:id/yard-sequence',
    {
      preValidation: authorize(deps, { forms: [loadSchedulingFormId], write: true }),
      schema: {
        tags: ['load-board'],
        summary:
          "Reorders a plant's yard: the trucks waiting there, in their new order (409 when the yard changed meanwhile)",
        security,
        params: idParams,
        body: yardSequenceBodySchema,
        response: { 200: truckSequenceEventSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      return reorderYard(auth.connection.db, {
        plantId: request.params.id,
        truckIds: request.body.truckIds,
        allowedSystemTypeIds: allowedSystemTypes(auth.groupIds),
        username: auth.username,
        now: deps.now(),
      });
    },
  );
}
