/**
 * Start-up (R-CLIENT-2, R-API-2..3, R-CONST-1): client configuration, logger level, the API's
 * address, the server configuration, the dispatcher and classic addresses, and the seat token.
 */
import { resolveAddresses, serverAddress } from '../lib/addresses';
import { setServerBaseUrl, setSlowRequestThresholdMs } from '../lib/api-client';
import { setAppConfig, type AppConfig } from '../lib/app-config';
import { loadClientConfig, loadServerConfig, warnServerConfigUnavailable } from '../lib/config';
import { logger, setConfiguredLoggerLevel } from '../lib/logger';
import { ensureSeatToken } from '../session/seat-token';

export async function startUp(location: Location = window.location): Promise<AppConfig> {
  ensureSeatToken();
  // The page's origin is tried for the server configuration at once: when the API served the
  // page (or a dev server proxies it) that answer is the one needed, and it costs no extra wait.
  const [client, fromPage] = await Promise.all([loadClientConfig(), loadServerConfig('')]);
  setConfiguredLoggerLevel(client.loggerLevel);
  setSlowRequestThresholdMs(client.slowRequestThresholdMs);

  const server = serverAddress(location, client, fromPage.loaded);
  const serverConfig = server === '' ? fromPage : await loadServerConfig(server);
  if (!serverConfig.loaded) warnServerConfigUnavailable();
  // The system parameter, when set (above 0), wins over the client file's (R-PARAM-5).
  if (serverConfig.config.slowRequestThresholdMs > 0) {
    setSlowRequestThresholdMs(serverConfig.config.slowRequestThresholdMs);
  }
  setServerBaseUrl(server);

  const resolved = resolveAddresses({ location, server, serverConfig: serverConfig.config });
  for (const warning of resolved.warnings) logger.warn(warning);
  const config: AppConfig = {
    client,
    server: serverConfig.config,
    serverConfigLoaded: serverConfig.loaded,
    addresses: resolved.addresses,
  };
  setAppConfig(config);
  return config;
}
