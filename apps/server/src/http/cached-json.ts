/**
 * A JSON answer kept serialised in a feed cache, sent as it is, or gzipped for clients that accept
 * it (every browser does): a day's full orders are about 200 KB of JSON and 15 KB gzipped, which
 * matters on a plant's network and for the API thread that writes them to every screen.
 */
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/** Below this, gzip's header and the work cost more than they save. */
const minimumGzipBytes = 1024;

export type CachedJson = {
  readonly json: string;
  /** Made once, by the first reader that accepts gzip, and shared by the rest. */
  gzipped?: Promise<Buffer>;
};

export const cachedJson = (json: string): CachedJson => ({ json });

export async function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedJson,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (!accepts || answer.json.length < minimumGzipBytes) return reply.send(answer.json);
  // Level 1: nearly all of the saving for a fraction of the default level's time.
  answer.gzipped ??= gzipAsync(answer.json, { level: 1 });
  return reply.header('content-encoding', 'gzip').send(await answer.gzipped);
}
