import type { FastifyReply, FastifyRequest } from 'fastify';
import { insufficientPermissionMessage } from '@dispatch/domain/messages';
import { formNameOf } from '@dispatch/domain/menu/form-name';
import {
  canView,
  permissionFlags,
  permissionLevels,
  type PermissionFlags,
  type PermissionLevel,
} from '@dispatch/domain/permissions';
import { priceFieldsIn, withoutPrices } from '@dispatch/domain/pricing';
import { allowedSystemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import { ApiError } from '../http/api-error';
import type { ServerDeps } from '../http/server';
import { bearerToken } from './bearer';
import { hashToken } from './tokens';
import { databaseOfToken, findSession, type AuthContext } from './session-store';

declare module 'fastify' {
  // Augmenting Fastify's request type is only possible through interface merging.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The caller's session, set by `authorize`; null on anonymous routes. */
    auth: AuthContext | null;
    /** The caller's permission on the form the route serves (FullWithPrices on form-less routes). */
    permission: { level: PermissionLevel; flags: PermissionFlags };
  }
}

/** What a route needs of its caller. */
export type Access = {
  /** The forms the route serves; the highest of the caller's levels on them applies (R-PERM-7). */
  forms?: readonly number[];
  /** The route changes data: read-only levels are refused, and disabled prices may not be sent. */
  write?: boolean;
  /** Only system administrators (the administration screens). */
  admin?: boolean;
  /** System administrators pass too, whatever their form levels (pick lists of admin lookups). */
  orSysadmin?: boolean;
  /** The route compares sent prices with stored ones itself (resources: R-RES-10). */
  checksPrices?: boolean;
};

/** R-PERM-10: a form's one name in messages, as the web names it too. */
export function formName(formId: number): string {
  return formNameOf(formId);
}

function refuse(formId: number | undefined, fallback: string): ApiError {
  return new ApiError(
    'permission',
    formId === undefined ? fallback : insufficientPermissionMessage(formName(formId)),
  );
}

/** Resolves the bearer token to a live session, or throws 401 with R-ERR-1's codes. */
export async function authenticate(
  request: FastifyRequest,
  deps: ServerDeps,
): Promise<AuthContext> {
  const token = bearerToken(request.headers.authorization);
  if (!token) {
    throw new ApiError('authentication', 'Authentication is required.', {
      code: 'missing_token_error',
    });
  }
  const database = databaseOfToken(token);
  const known = database ? await deps.tenancy.find(database) : undefined;
  const connection = known ? await deps.tenancy.open(known.databaseName) : undefined;
  const now = deps.now();
  const session =
    connection && database
      ? await deps.sessionCache.read(
          database,
          hashToken(token),
          () =>
            findSession(connection, {
              database,
              token,
              now,
              onWarning: (warning) => request.log.warn(warning),
            }),
          { keep: (found) => found !== undefined },
        )
      : undefined;
  // A kept session is re-checked against the clock: it must not outlive its token.
  if (!session || session.expiresAt <= now) {
    throw new ApiError('authentication', 'The access token is not valid or has expired.', {
      code: 'token_error',
    });
  }
  return session;
}

/**
 * The preHandler of every authenticated route: who is calling, may they open this form, may they
 * write it. Permission is checked here, on the server, whatever the client shows or hides.
 */
export function authorize(deps: ServerDeps, access: Access = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const auth = await authenticate(request, deps);
    request.auth = auth;
    const firstForm = access.forms?.[0];
    if (access.admin && !auth.isSysadmin) {
      throw refuse(firstForm, 'Only system administrators may do this.');
    }
    const asSysadmin = auth.isSysadmin && (access.admin === true || access.orSysadmin === true);
    const formLevel = access.forms
      ? auth.permissions.highestOf(access.forms)
      : permissionLevels.FullWithPrices;
    // An administrator on an administration screen has it in full.
    const level = asSysadmin && !canView(formLevel) ? permissionLevels.FullWithPrices : formLevel;
    const flags = permissionFlags(level);
    if (!canView(level)) {
      throw refuse(firstForm, 'You do not have permissions to access this form');
    }
    if (access.write && flags.readOnly) throw refuse(firstForm, 'This form is read-only for you.');
    if (access.write && !access.checksPrices && (flags.disablePrice || flags.hidePrice)) {
      const sent = priceFieldsIn(request.body);
      if (sent.length > 0) {
        throw new ApiError('permission', `You may not change prices (${sent.join(', ')}).`, {
          data: sent.map((field) => ({ field, reason: 'prices are read-only for you' })),
        });
      }
    }
    request.permission = { level, flags };
  };
}

/**
 * For routes whose form depends on the system type they are called for (ticket entry, quick sale):
 * the caller's flags on that form, after `authorize` authenticated them with any of the forms. The
 * caller needs the system type's group (R-PERM-2) and a level that may see the form, else 403
 * naming it; `write` also refuses read-only levels. Sets request.permission as `authorize` does.
 */
export function systemTypeFormAccess(
  request: FastifyRequest,
  systemTypeId: SystemTypeId,
  formId: number,
  write: boolean,
): PermissionFlags {
  const auth = request.auth!;
  const level = allowedSystemTypes(auth.groupIds).includes(systemTypeId)
    ? auth.permissions.levelOf(formId)
    : permissionLevels.None;
  const flags = permissionFlags(level);
  if (!canView(level)) {
    throw new ApiError('permission', insufficientPermissionMessage(formName(formId)));
  }
  if (write && flags.readOnly) {
    throw new ApiError('permission', `${formName(formId)} is read-only for you.`);
  }
  request.permission = { level, flags };
  return flags;
}

/** What a route answers, without prices for callers whose level hides them (levels 2 and 4). */
export function priced<T>(request: FastifyRequest, value: T): T {
  return request.permission.flags.hidePrice ? withoutPrices(value) : value;
}
