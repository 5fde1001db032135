import { describe, expect, it } from 'vitest';
import { clientConfigSchema, serverConfigSchema } from './config';

describe('R-ENTITY-39: server config', () => {
  it('has every listed field, features off when missing', () => {
    expect(serverConfigSchema.parse({})).toEqual({
      versionNo: '',
      accountingInterface: '',
      useLegacyIntegrator: false,
      emailAvailable: false,
      useLssCache: false,
      lssCacheLocalOnly: false,
      nlqEnabled: false,
      externalUsersEnabled: false,
      disabledForms: [],
      googleLookupTravelTime: false,
      paymentsAvailable: false,
      dispatchUri: '',
      legacyUri: '',
      overrideDispatcherUri: null,
      overrideDispatcherPort: null,
      overrideLegacyUri: null,
      slowRequestThresholdMs: 0,
    });
  });

  it('takes disabled form ids and a valid dispatcher port', () => {
    const config = serverConfigSchema.parse({
      disabledForms: [15000],
      overrideDispatcherPort: 8123,
    });
    expect(config.disabledForms).toEqual([15000]);
    expect(serverConfigSchema.safeParse({ overrideDispatcherPort: 70000 }).success).toBe(false);
  });
});

describe('R-ENTITY-40: client config', () => {
  it('defaults every setting, logger level warning and slow-request threshold 0', () => {
    expect(clientConfigSchema.parse({})).toEqual({
      serverAddress: '',
      signalLoggingEnabled: false,
      mapsScriptAddress: null,
      lssSettings: { refreshIntervalSeconds: 60 },
      paymentTestMode: false,
      clientErrorReportingEnabled: false,
      loggerLevel: 'warning',
      slowRequestThresholdMs: 0,
    });
  });

  it('rejects an unknown logger level', () => {
    expect(clientConfigSchema.parse({ loggerLevel: 'debug' }).loggerLevel).toBe('debug');
    expect(clientConfigSchema.safeParse({ loggerLevel: 'verbose' }).success).toBe(false);
  });
});
