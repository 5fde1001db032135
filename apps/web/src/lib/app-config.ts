/**
 * The configuration the app started with, set once by start-up and read everywhere else. Tests
 * and screens that render before start-up get the schema defaults. The server's part follows the
 * system parameters after login (R-PARAM-6): components read it with `useAppConfig` to re-render.
 */
import { clientConfigSchema, serverConfigSchema } from '@dispatch/domain/settings/config';
import type { ClientConfig, ServerConfig } from '@dispatch/domain/settings/config';
import type { Addresses } from './addresses';
import { createStore, useStore } from './store';

export type AppConfig = {
  readonly client: ClientConfig;
  readonly server: ServerConfig;
  /** Whether the server configuration was loaded; without it the app may be unusable. */
  readonly serverConfigLoaded: boolean;
  readonly addresses: Addresses;
};

function defaults(): AppConfig {
  return {
    client: clientConfigSchema.parse({}),
    server: serverConfigSchema.parse({}),
    serverConfigLoaded: false,
    addresses: { server: '', dispatcher: '', legacy: '', dispatcherOverridden: false },
  };
}

const current = createStore<AppConfig>(defaults());

export function appConfig(): AppConfig {
  return current.get();
}

/** The configuration, re-rendering when the server's part changes (R-PARAM-6). */
export function useAppConfig(): AppConfig {
  return useStore(current);
}

export function setAppConfig(config: AppConfig): void {
  current.set(config);
}

/** The server's settings as the system parameters now say; addresses stay as resolved at start-up. */
export function updateServerConfig(changes: Partial<ServerConfig>): void {
  current.set((config) => ({ ...config, server: { ...config.server, ...changes } }));
}

/** For tests: back to the defaults, optionally with some settings changed. */
export function resetAppConfig(changes: Partial<AppConfig> = {}): void {
  current.set({ ...defaults(), ...changes });
}
