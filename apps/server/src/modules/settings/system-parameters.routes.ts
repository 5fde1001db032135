/**
 * System parameters (`/administration/system-parameters`, R-PARAM-1..8): administrators list every
 * parameter with its value, default and version, and change one at a time.
 */
import { z } from 'zod';
import { formIdOf } from '@dispatch/domain/resources/define';
import {
  systemParameterChangeSchema,
  systemParameterListSchema,
  systemParameterRowSchema,
} from '@dispatch/domain/settings/system-parameters';
import { authorize } from '../../auth/guard';
import type { Server, ServerDeps } from '../../http/server';
import {
  changeSystemParameter,
  listSystemParameters,
  serverSettingsCache,
} from './system-parameters.service';

const security = [{ bearer: [] }];
const path = '/api/v1/admin/system-parameters';
/** R-PARAM-8: administrators only; anyone else is refused naming the form. */
const access = { admin: true, forms: [formIdOf('SystemParameters')] } as const;

export function registerSystemParameterRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    path,
    {
      preValidation: authorize(deps, access),
      schema: {
        tags: ['administration'],
        summary: 'Every system parameter: value, default, whether set, version, group, label',
        security,
        response: { 200: systemParameterListSchema },
      },
    },
    async (request) => ({
      data: await listSystemParameters(request.auth!.connection.db, deps.env),
    }),
  );

  app.put(
    `${path}/:key`,
    {
      preValidation: authorize(deps, { ...access, write: true }),
      schema: {
        tags: ['administration'],
        summary:
          'Changes one system parameter; version is the one read (0 while not stored). Every client gets serverConfigUpdate_v1',
        security,
        params: z.object({ key: z.string().min(1).max(100) }),
        body: systemParameterChangeSchema,
        response: { 200: systemParameterRowSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const saved = await changeSystemParameter(auth.connection.db, {
        key: request.params.key,
        value: request.body.value,
        version: request.body.version,
        username: auth.username,
        now: deps.now(),
        env: deps.env,
      });
      // This process answers its next config read with the change, before the event arrives.
      serverSettingsCache(deps).invalidate(auth.database);
      return saved;
    },
  );
}
