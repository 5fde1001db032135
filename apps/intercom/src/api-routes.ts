import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { classicAuthenticationSchema } from '@dispatch/domain/session/login';
import type { ClassicDesktop } from './classic-desktop';
import { lookUpClassicForm } from './classic-forms';
import { HttpError, readJsonBody, sendJson } from './http-io';
import { intercomEvents } from './intercom-hub';
import { intercomMessages } from './intercom-messages';

export type ApiRoutesDeps = {
  readonly desktop: ClassicDesktop;
  readonly broadcast: (event: string, args: readonly unknown[]) => void;
  /** What GET /api/state answers. */
  readonly state: () => unknown;
};

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
 * The stand-in's HTTP API: the small endpoints behind the page's buttons, which tests and the e2e
 * suite use too. Token login is not among them: the web client logs in to classic through the hub
 * (AuthenticateWithToken), as it does with the real classic application. Returns false for a path
 * it does not own.
 */
export function createApiRoutes(deps: ApiRoutesDeps) {
  const { desktop } = deps;

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
