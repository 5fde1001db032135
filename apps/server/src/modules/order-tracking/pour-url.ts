/** R-TRACK-1: the address a link opens: the web app's pour page at the caller's own host. */
import type { FastifyRequest } from 'fastify';
import { pourPagePath } from '@dispatch/domain/tracking/tracking-link';

export function pourUrlOf(request: FastifyRequest, token: string): string {
  return `${request.protocol}://${request.host}${pourPagePath}/${encodeURIComponent(token)}`;
}
