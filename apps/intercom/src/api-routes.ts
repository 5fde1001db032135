import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { classicAuthenticationSchema, tokenLoginSchema } from '@dispatch/domain/session/login';
import type { ClassicDesktop } from './classic-desktop';
import { lookUpClassicForm } from './classic-forms';
import { allowCors, HttpError, readJsonBody, sendJson } from './http-io';
import { intercomEvents } from './intercom-hub';
import { intercomMessages } from './intercom-messages';
import type { TokenChecker } from './token-check';

export type ApiRoutesDeps = {
  readonly desktop: ClassicDesktop;
  readonly checkToken: TokenChecker;
  /** Token login answers 409 while nobody is logged in at the desktop. */
  readonly requireDesktopLogin: boolean;
  readonly broadcast: (event: string, args: readonly unknown[]) => void;
  /** What GET /api/state answers. */
  readonly state: () => unknown;
};

const tokenLoginBody = tokenLoginSchema.extend({
  database: z.string().trim().min(1, { error: 'A database is required.' }).max(100),
});
const openFormBody = z.object({
  formId: z.union([z.int(), z.string().max(100)]),
  args: z.unknown().optional(),
});
const formAction = /^\/api\/forms\/([A-Za-z0-9_-]{1,40})\/(dirty|saved|close)$/;

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid body.');
  return parsed.data;
}

/**
 * The stand-in's HTTP API: the token login the web client calls before the hub (R-TOKEN-1..2), and
 * the small endpoints behind the page's buttons, which tests and the e2e suite use too.
 * Returns false for a path it does not own.
 */
export function createApiRoutes(deps: ApiRoutesDeps) {
  const { desktop } = deps;

  /** R-TOKEN-2: the client stops retrying on 200, 401 and 409. */
  async function tokenLogin(request: IncomingMessage, response: ServerResponse): Promise<void> {
    allowCors(request, response);
    const body = parse(tokenLoginBody, await readJsonBody(request));
    const check = await deps.checkToken(body.token, body.database);
    if (check.kind === 'rejected') return sendJson(response, 401, { message: check.message });
    // Not a stop status: the client tries again, as it should while the API is away.
    if (check.kind === 'unavailable') return sendJson(response, 502, { message: check.message });
    if (deps.requireDesktopLogin && desktop.user === null) {
      return sendJson(response, 409, { message: intercomMessages.noClassicUser });
    }
    desktop.logIn({ username: check.username, server: null, database: check.database });
    deps.broadcast(intercomEvents.userIsAuthenticated, [check.username]);
    sendJson(response, 200, { username: check.username });
  }

  /** The page's login box: someone logging in at the classic desktop itself. */
  async function desktopLogin(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = parse(classicAuthenticationSchema, await readJsonBody(request));
    desktop.logIn({ username: body.username, server: body.server, database: body.database });
    deps.broadcast(intercomEvents.userIsAuthenticated, [body.username]);
    sendJson(response, 200, { username: body.username });
  }

  async function openForm(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = parse(openFormBody, await readJsonBody(request));
    const lookup = lookUpClassicForm(body.formId);
    if (!lookup) throw new HttpError(400, intercomMessages.formRequired);
    if (!lookup.ok) throw new HttpError(400, lookup.message);
    const opened = desktop.openForm(lookup.form, body.args);
    if (!opened) throw new HttpError(409, intercomMessages.noClassicUser);
    sendJson(response, 201, opened);
  }

  async function changeForm(
    request: IncomingMessage,
    response: ServerResponse,
    key: string,
    action: string,
  ): Promise<void> {
    await readJsonBody(request);
    const found =
      action === 'close' ? desktop.closeForm(key) : desktop.setDirty(key, action === 'dirty');
    if (!found) throw new HttpError(404, intercomMessages.formNotFound);
    sendJson(response, 200, deps.state());
  }

  return async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> => {
    const method = request.method ?? 'GET';
    const path = url.pathname;
    if (path === '/api/state' && method === 'GET') {
      sendJson(response, 200, deps.state());
    } else if (path === '/api/token-login' && method === 'POST') {
      await tokenLogin(request, response);
    } else if (path === '/api/login' && method === 'POST') {
      await desktopLogin(request, response);
    } else if (path === '/api/logout' && method === 'POST') {
      await readJsonBody(request);
      desktop.logOut();
      deps.broadcast(intercomEvents.loggedOut, []);
      sendJson(response, 200, deps.state());
    } else if (path === '/api/forms' && method === 'POST') {
      await openForm(request, response);
    } else {
      const match = method === 'POST' ? formAction.exec(path) : null;
      if (!match) return false;
      await changeForm(request, response, match[1]!, match[2]!);
    }
    return true;
  };
}
