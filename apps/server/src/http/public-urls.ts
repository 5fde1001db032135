import type { FastifyRequest } from 'fastify';
import type { Env } from '../env';

/** The host the browser used to reach us, without its port: the dispatcher listens on the same host. */
function requestHostname(request: FastifyRequest): string {
  return request.hostname.replace(/:\d+$/, '') || 'localhost';
}

export function dispatcherBaseUrl(request: FastifyRequest, env: Env): string {
  return `${request.protocol}://${requestHostname(request)}:${env.DISPATCHER_PORT}`;
}

/** The DispatchHub URL the web client connects to (GET /api/v1/connection/signalr-info). */
export function dispatchHubUrl(request: FastifyRequest, env: Env): string {
  return `${dispatcherBaseUrl(request, env)}/dispatchHub`;
}

export function legacyBaseUrl(request: FastifyRequest, env: Env): string {
  return `${request.protocol}://${requestHostname(request)}:${env.INTERCOM_PORT}`;
}
