/**
 * The server configuration after login (R-PARAM-5, R-PARAM-6): re-read for the session's database
 * (before login the server answered with its default database's), applied at once whenever a
 * system parameter changes (serverConfigUpdate_v1), and re-read after a hub reconnect, since
 * events may have been missed. The menu and the route guard read it, so a form disabled by an
 * administrator leaves the menu without a reload.
 */
import { useEffect } from 'react';
import type { ServerConfig } from '@dispatch/domain/settings/config';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import {
  serverConfigUpdateSchema,
  serverSettingsSchema,
} from '@dispatch/domain/settings/system-parameters';
import { getServerBaseUrl, setSlowRequestThresholdMs } from '../lib/api-client';
import { appConfig, updateServerConfig } from '../lib/app-config';
import { loadServerConfig } from '../lib/config';
import { useHubEvent, useHubReconnected } from '../realtime/hub-events';
import { sessionStore, useSession } from './session-store';

/** Bumped by every change applied, so a read that started before a newer event does not undo it. */
let applied = 0;

/** The settings the system parameters decide; the addresses stay as start-up resolved them. */
export function applyServerSettings(changes: Partial<ServerConfig>): void {
  applied += 1;
  updateServerConfig(changes);
  const { client, server } = appConfig();
  // 0 on the server leaves the threshold to this installation's client configuration.
  setSlowRequestThresholdMs(
    server.slowRequestThresholdMs > 0
      ? server.slowRequestThresholdMs
      : client.slowRequestThresholdMs,
  );
}

/** Reads the configuration for this database; a failed read keeps what the app has. */
export async function refreshServerConfig(
  database = sessionStore.get().status.database,
): Promise<void> {
  if (!database) return;
  const started = applied;
  const result = await loadServerConfig(getServerBaseUrl(), database);
  if (!result.loaded || started !== applied) return;
  if (sessionStore.get().status.database !== database) return;
  applyServerSettings(serverSettingsSchema.parse(result.config));
}

/** Mounted once by the shell, for the signed-in session. */
export function useServerConfigSync(): void {
  const { loggedIn, database } = useSession().status;
  useEffect(() => {
    if (loggedIn && database) void refreshServerConfig(database);
  }, [loggedIn, database]);
  useHubEvent('serverConfigUpdate_v1', (data) => {
    if (isIdsPayload(data)) return void refreshServerConfig();
    const parsed = serverConfigUpdateSchema.safeParse(data);
    if (parsed.success) applyServerSettings(parsed.data.config);
    else void refreshServerConfig();
  });
  useHubReconnected(() => void refreshServerConfig());
}
