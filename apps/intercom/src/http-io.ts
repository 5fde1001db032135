import type { IncomingMessage, ServerResponse } from 'node:http';

const maxBodyBytes = 64 * 1024;

/** A request the stand-in refuses, with the status and text the caller gets. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-cache, no-store',
  });
  response.end(text);
}

export function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-cache, no-store',
  });
  response.end(text);
}

/**
 * The JSON body of a POST. The content type must say JSON: a page on another origin can then only
 * send it after a CORS preflight, which the page's own endpoints never grant.
 */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'Send the body as application/json.');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBodyBytes) throw new HttpError(413, 'The body is too large.');
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'The body is not valid JSON.');
  }
}

/**
 * Like SignalR 2's CorsOptions.AllowAll: any origin, with credentials, since the web client is
 * served from another port (the API on 8484, Vite on 5173) and the jQuery client sends
 * withCredentials cross-origin. Only the hub gets this, not the page's endpoints.
 */
export function allowCors(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (!origin) return;
  response.setHeader('access-control-allow-origin', origin);
  response.setHeader('access-control-allow-credentials', 'true');
  response.setHeader('vary', 'Origin');
}

export function answerPreflight(request: IncomingMessage, response: ServerResponse): void {
  allowCors(request, response);
  response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
  const asked = request.headers['access-control-request-headers'];
  if (asked) response.setHeader('access-control-allow-headers', asked);
  response.setHeader('access-control-max-age', '600');
  response.writeHead(204);
  response.end();
}
