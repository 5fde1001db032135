import type { IncomingMessage } from 'node:http';

/**
 * Browsers cannot set headers on a WebSocket, so the official client puts the token in
 * `access_token`; in Node it sends `Authorization: Bearer`. Both are accepted on every hub request.
 */
export function readAccessToken(
  request: IncomingMessage,
  query: URLSearchParams,
): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
    if (match?.[1] !== undefined) {
      return match[1];
    }
  }
  const fromQuery = query.get('access_token');
  return fromQuery === null || fromQuery === '' ? undefined : fromQuery;
}
