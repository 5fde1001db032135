/**
 * Start-up configuration (R-API-2..3, R-ENTITY-39..40): the client's static file
 * (configuration.local.json, else configuration.json) and the server's configuration. Both parse
 * through the domain schemas, whose defaults keep a missing file or setting from breaking start-up.
 */
import {
  clientConfigSchema,
  serverConfigSchema,
  type ClientConfig,
  type ServerConfig,
} from '@dispatch/domain/settings/config';
import { warnings } from '@dispatch/domain/messages';
import { logger } from './logger';

async function fetchJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json', ...headers } });
  // 204: the API says the installation has no such file (a 404 would log a console error).
  if (!response.ok || response.status === 204)
    throw new Error(`${url} answered ${response.status}`);
  // A static host that answers every path with index.html is not a configuration.
  return (await response.json()) as unknown;
}

function parseClientConfig(raw: unknown, source: string): ClientConfig | null {
  const parsed = clientConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  logger.warn(`${source} is not a valid client configuration; it was ignored.`, parsed.error);
  return null;
}

/** configuration.local.json wins when the installation provides a valid one. */
export async function loadClientConfig(base = ''): Promise<ClientConfig> {
  const [local, shipped] = await Promise.allSettled([
    fetchJson(`${base}/configuration.local.json`),
    fetchJson(`${base}/configuration.json`),
  ]);
  if (local.status === 'fulfilled') {
    const config = parseClientConfig(local.value, 'configuration.local.json');
    if (config) return config;
  }
  if (shipped.status === 'fulfilled') {
    const config = parseClientConfig(shipped.value, 'configuration.json');
    if (config) return config;
  }
  logger.warn('No client configuration could be loaded; the defaults are used.');
  return clientConfigSchema.parse({});
}

export type ServerConfigResult = { readonly config: ServerConfig; readonly loaded: boolean };

/**
 * GET {server}/api/v1/settings/config; when it cannot be loaded a warning is logged. Naming the
 * database gives its system parameters (R-PARAM-5); before login the server's default applies.
 */
export async function loadServerConfig(
  server: string,
  database?: string,
): Promise<ServerConfigResult> {
  try {
    const parsed = serverConfigSchema.safeParse(
      await fetchJson(`${server}/api/v1/settings/config`, database ? { database } : {}),
    );
    if (parsed.success) return { config: parsed.data, loaded: true };
  } catch {
    // Reported below with the same warning as an invalid answer.
  }
  return { config: serverConfigSchema.parse({}), loaded: false };
}

export function warnServerConfigUnavailable(): void {
  logger.warn(warnings.serverConfigUnavailable);
}
