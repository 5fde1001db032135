import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

const ALLOWED_HEADERS = 'authorization, x-requested-with, x-signalr-user-agent, content-type';
const ALLOWED_METHODS = 'POST, GET, OPTIONS';

/** Whether a browser page of this origin may call the hub (read its answers). */
export type OriginRule = (origin: string, request: IncomingMessage) => boolean;

/**
 * The default rule: a page served by the same host, on any port (the web app and the hub listen
 * on two ports of one host). Another site's page gets no CORS answer, so its browser refuses it.
 */
export const sameHostOrigin: OriginRule = (origin, request) => {
  const host = request.headers.host;
  if (host === undefined) return false;
  try {
    return new URL(origin).hostname === new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
};

/**
 * The official client sends credentials (withCredentials), so an allowed Origin is echoed rather
 * than '*'; one the rule does not allow gets no CORS headers at all.
 */
export function setCorsHeaders(
  request: IncomingMessage,
  response: ServerResponse,
  allowed: OriginRule,
): void {
  const origin = request.headers.origin;
  if (origin !== undefined && allowed(origin, request)) {
    response.setHeader('Access-Control-Allow-Origin', origin);
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    response.setHeader('Vary', 'Origin');
  }
}

export function answerPreflight(
  request: IncomingMessage,
  response: ServerResponse,
  allowed: OriginRule,
): void {
  setCorsHeaders(request, response, allowed);
  response.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
  response.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
  response.setHeader('Access-Control-Max-Age', '600');
  response.writeHead(204);
  response.end();
}

export function answerText(
  response: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  response.end(text);
}

export function answerJson(response: ServerResponse, body: object): void {
  response.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

/** Refuses a WebSocket upgrade with a plain HTTP answer (the socket is not a ServerResponse yet). */
export function refuseUpgrade(
  socket: Duplex,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  if (socket.destroyed) {
    return;
  }
  const body = Buffer.from(text, 'utf8');
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'Connection: close',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${body.length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), body]));
}
