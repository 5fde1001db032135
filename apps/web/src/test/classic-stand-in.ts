/// <reference types="node" />
/**
 * Test support: the classic stand-in (apps/intercom) on loopback, and a small HTTP server answering
 * what the API answers for the calls classic's token login involves. Stop them after each test
 * with `stopStandIns`, once the web's classic link is stopped.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createIntercomServer, type IntercomServer } from '@dispatch/intercom/src/intercom-server';
import { expect } from 'vitest';

/** GET /api/v1/connection (whose token it is) and GET /api/servers/{name}, as the API answers. */
export function apiServer(): Server {
  return createServer((request, response) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const answer =
      request.url === '/api/v1/connection' && token === 'dispatcher-token'
        ? { status: 200, body: { database: 'DEMO', loggedIn: true, username: 'dispatcher' } }
        : request.url === '/api/servers/DEMO'
          ? { status: 200, body: { databaseName: 'DEMO', serverName: 'SQL01' } }
          : { status: 401, body: { error: 'token_error' } };
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
    });
    response.end(JSON.stringify(answer.body));
  });
}

export async function listen(server: Server, port = 0): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

const cleanups: (() => Promise<void>)[] = [];
const intercoms: IntercomServer[] = [];

/** Closes what the test started; call it after stopping the web's classic link. */
export async function stopStandIns(): Promise<void> {
  // The client tells classic it left (its abort request): let that land before classic closes.
  for (const intercom of intercoms.splice(0)) {
    await expect.poll(() => intercom.state.clients, { timeout: 5_000 }).toBe(0);
  }
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

export async function startIntercom(apiUrl: string): Promise<IntercomServer & { url: string }> {
  const intercom = createIntercomServer({ apiUrl });
  const { port } = await intercom.listen(0);
  cleanups.push(() => intercom.close());
  intercoms.push(intercom);
  return Object.assign(intercom, { url: `http://127.0.0.1:${port}` });
}

export async function startApi(port = 0): Promise<string> {
  const api = apiServer();
  const url = await listen(api, port);
  cleanups.push(() => close(api));
  return url;
}
