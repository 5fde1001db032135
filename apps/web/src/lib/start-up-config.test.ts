import { clientConfigSchema, serverConfigSchema } from '@dispatch/domain/settings/config';
import { warnings } from '@dispatch/domain/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeFetch, json } from '../test/render';
import { resolveAddresses, serverAddress } from './addresses';
import { ApiError, apiGet, setServerBaseUrl } from './api-client';
import { loadClientConfig, loadServerConfig } from './config';
import { logger, loggerLevel, setConfiguredLoggerLevel } from './logger';

const office = { protocol: 'http:', hostname: 'dispatch.office' } as const;
const local = { protocol: 'http:', hostname: 'localhost' } as const;

describe('addresses', () => {
  it('uses the page for the API when the API served it, else the host with port 8484', () => {
    const config = clientConfigSchema.parse({});
    expect(serverAddress(office, config, true)).toBe('');
    expect(serverAddress(office, config, false)).toBe('http://dispatch.office:8484');
    const configured = clientConfigSchema.parse({ serverAddress: 'https://api.example/' });
    expect(serverAddress(office, configured, true)).toBe('https://api.example');
  });

  it('builds dispatcher and classic addresses from the host, overridable by the server', () => {
    const defaults = resolveAddresses({
      location: office,
      server: '',
      serverConfig: serverConfigSchema.parse({}),
    });
    expect(defaults.addresses.dispatcher).toBe('http://dispatch.office:8123');
    expect(defaults.addresses.legacy).toBe('http://dispatch.office:8080');
    expect(defaults.warnings).toEqual([]);

    const overridden = resolveAddresses({
      location: office,
      server: '',
      serverConfig: serverConfigSchema.parse({
        dispatchUri: 'http://dispatch.office:9000',
        overrideDispatcherPort: 9123,
        overrideLegacyUri: 'http://classic-pc:8080/',
      }),
    });
    expect(overridden.addresses.dispatcher).toBe('http://dispatch.office:9123');
    expect(overridden.addresses.dispatcherOverridden).toBe(true);
    expect(overridden.addresses.legacy).toBe('http://classic-pc:8080');
  });

  it('warns on localhost without a dispatcher override', () => {
    const result = resolveAddresses({
      location: local,
      server: '',
      serverConfig: serverConfigSchema.parse({}),
    });
    expect(result.warnings).toEqual([warnings.localhostWithoutDispatcherOverride]);
  });
});

describe('configuration files', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('prefers configuration.local.json', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) => {
        if (url.pathname === '/configuration.local.json') return json({ loggerLevel: 'debug' });
        if (url.pathname === '/configuration.json') return json({ loggerLevel: 'error' });
        return undefined;
      }),
    );
    expect((await loadClientConfig()).loggerLevel).toBe('debug');
  });

  it('falls back to configuration.json, then to the defaults', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) =>
        url.pathname === '/configuration.json' ? json({ slowRequestThresholdMs: 800 }) : undefined,
      ),
    );
    expect((await loadClientConfig()).slowRequestThresholdMs).toBe(800);
    vi.stubGlobal('fetch', fakeFetch());
    expect(await loadClientConfig()).toEqual(clientConfigSchema.parse({}));
  });

  it('reports a server configuration that cannot be loaded', async () => {
    vi.stubGlobal('fetch', fakeFetch());
    const result = await loadServerConfig('');
    expect(result.loaded).toBe(false);
    expect(result.config.useLegacyIntegrator).toBe(false);
  });
});

describe('logger', () => {
  afterEach(() => setConfiguredLoggerLevel('warning'));

  it('takes its level from configuration, overridable in local storage', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    setConfiguredLoggerLevel('warning');
    logger.debug('hidden');
    expect(debug).not.toHaveBeenCalled();

    localStorage.setItem('loggerLevel', 'debug');
    expect(loggerLevel()).toBe('debug');
    logger.debug('shown');
    expect(debug).toHaveBeenCalledWith('shown');
    debug.mockRestore();
  });
});

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setServerBaseUrl('');
  });

  it('raises an answer with the error flag set, even with a 200', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => json({ error: true, count: 0, data: [], message: 'Plant is closed.' })),
    );
    const failure = apiGet('/api/plants', z.unknown()).catch((error: unknown) => error);
    await expect(failure).resolves.toBeInstanceOf(ApiError);
    await expect(failure).resolves.toHaveProperty('message', 'Plant is closed.');
  });
});
