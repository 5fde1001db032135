import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What GET /api/v1/connection answers for one bearer token. */
export type FakeSession = { readonly status?: number; readonly body: unknown };

/**
 * A real HTTP server answering GET /api/v1/connection as the API does (apps/server's session
 * routes): the session behind a known bearer token, 401 for any other. The intercom suite does
 * not boot the whole API (a database, migrations and seeding per suite) to check a token.
 */
export async function startFakeApi(sessions: Record<string, FakeSession>) {
  const calls: string[] = [];
  const server = createServer((request, response) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    calls.push(`${request.method} ${request.url}`);
    const session = sessions[token];
    const answer =
      request.method === 'GET' && request.url === '/api/v1/connection' && session
        ? { status: session.status ?? 200, body: session.body }
        : { status: 401, body: { error: 'token_error', message: 'The token is not valid.' } };
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The sessions most suites use: one dispatcher in DEMO. */
export const demoSessions = {
  'dispatcher-token': {
    body: { database: 'DEMO', loggedIn: true, username: 'dispatcher', programNameId: 0 },
  },
  'blank-token': { body: { database: '', loggedIn: false, username: '' } },
} satisfies Record<string, FakeSession>;
