/**
 * The configuration the app started with, set once by start-up and read everywhere else. Tests
 * and screens that render before start-up get the schema defaults.
 */
import { clientConfigSchema, serverConfigSchema } from '@dispatch/domain/entities/config';
import type { ClientConfig, ServerConfig } from '@dispatch/domain/entities/config';
import type { Addresses } from './addresses';

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

let current: AppConfig = defaults();

export function appConfig(): AppConfig {
  return current;
}

export function setAppConfig(config: AppConfig): void {
  current = config;
}

/** For tests: back to the defaults, optionally with some settings changed. */
export function resetAppConfig(changes: Partial<AppConfig> = {}): void {
  current = { ...defaults(), ...changes };
}
