import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { clientVersion } from '@dispatch/domain/constants';
import { booleanResponseSchema } from '@dispatch/domain/api/envelope';
import { serverConfigSchema } from '@dispatch/domain/settings/config';
import { printDestinationSchema } from '@dispatch/domain/printing/print-destination';
import { authorize } from '../../auth/guard';
import { envelope, listOf } from '../../http/envelope';
import { dispatcherBaseUrl, legacyBaseUrl } from '../../http/public-urls';
import type { Server, ServerDeps } from '../../http/server';
import { serverSettingsFor } from './system-parameters.service';

const security = [{ bearer: [] }];
const orderStatus = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
/** The database whose system parameters apply (R-PARAM-5), named as at login. */
const configHeaders = z.object({ database: z.string().max(31).optional() });

/**
 * Server configuration, the wake-up ping, order statuses and print destinations (R-API-1, R-API-2,
 * R-API-12, R-API-15). The configuration takes the system parameters over the environment (R-PARAM-5).
 */
export function registerSettingsRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/settings/config',
    {
      schema: {
        tags: ['settings'],
        summary:
          'Server configuration, read by the client before login; the system parameters of the database named in the database header (else the default database) override the environment',
        headers: configHeaders,
        response: { 200: serverConfigSchema },
      },
    },
    async (request) =>
      serverConfigSchema.parse({
        versionNo: clientVersion,
        useLegacyIntegrator: deps.env.USE_LEGACY_INTEGRATOR,
        ...(await serverSettingsFor(deps, request.headers.database)),
        dispatchUri: dispatcherBaseUrl(request, deps.env),
        legacyUri: legacyBaseUrl(request, deps.env),
      }),
  );

  app.get(
    '/api/v1/ping/anonymous',
    {
      schema: {
        tags: ['settings'],
        summary: 'Wakes the server; answers at once',
        response: { 200: booleanResponseSchema },
      },
    },
    () => ({ value: true, message: 'pong' }),
  );

  app.get(
    '/api/OrderStatus',
    {
      preValidation: authorize(deps),
      schema: {
        tags: ['settings'],
        summary: 'Order status codes D S F W H C P X B M (ids 0 to 9)',
        security,
        response: { 200: listOf(orderStatus) },
      },
    },
    async (request) => {
      const { rows } = await request.auth!.connection.db.execute<z.infer<typeof orderStatus>>(
        sql`select id, code, name from order_statuses order by id`,
      );
      return envelope(rows);
    },
  );

  app.get(
    '/api/v1/print-destinations',
    {
      preValidation: authorize(deps),
      schema: {
        tags: ['settings'],
        summary: 'Printers and other destinations tickets and reports can go to',
        security,
        response: { 200: listOf(printDestinationSchema) },
      },
    },
    async (request) => {
      const { rows } = await request.auth!.connection.db.execute<{ name: string; type: string }>(
        sql`select name, type from print_destinations where not inactive_flag order by type, name`,
      );
      return envelope(rows);
    },
  );
}
