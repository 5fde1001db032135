import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

const ALLOWED_HEADERS = 'authorization, x-requested-with, x-signalr-user-agent, content-type';
const ALLOWED_METHODS = 'POST, GET, OPTIONS';

/**
 * The official client sends credentials (withCredentials), so the Origin is echoed rather than '*'.
 * Authentication is by bearer token, not cookies, so echoing does not let another site act as the user.
 */
export function setCorsHeaders(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    response.setHeader('Access-Control-Allow-Origin', origin);
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    response.setHeader('Vary', 'Origin');
  }
}

export function answerPreflight(request: IncomingMessage, response: ServerResponse): void {
  setCorsHeaders(request, response);
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
