import { describe, expect, it } from 'vitest';
import { serverConfigSchema } from './config';
import { menuEntryByEnumId } from '../menu/menu-catalogue';
import {
  canDisableForm,
  checkParameterValue,
  disableableForms,
  isSystemParameterKey,
  parameterGroups,
  parameterValue,
  serverConfigUpdateSchema,
  serverSettingsOf,
  systemParameterCatalogue,
  systemParameterKeys,
  systemParametersByGroup,
  parameterSwitchingOff,
  switchedOffMessage,
} from './system-parameters';

const formId = (enumId: string) => menuEntryByEnumId(enumId)!.id;

describe('R-PARAM-1: one catalogue of system parameters', () => {
  it('has every parameter the administration screen offers, each grouped, labelled and valid by default', () => {
    expect(systemParameterKeys).toEqual(
      expect.arrayContaining([
        'requireJobAddresses357',
        'nlqEnabled',
        'externalUsersEnabled',
        'emailAvailable',
        'paymentsAvailable',
        'googleLookupTravelTime',
        'accountingInterface',
        'disabledForms',
        'slowRequestThresholdMs',
      ]),
    );
    for (const key of systemParameterKeys) {
      const spec = systemParameterCatalogue[key];
      expect(parameterGroups).toContain(spec.group);
      expect(spec.label, key).not.toBe('');
      expect(spec.description, key).not.toBe('');
      expect(spec.schema.safeParse(spec.default).success, key).toBe(true);
    }
    expect(isSystemParameterKey('nlqEnabled')).toBe(true);
    expect(isSystemParameterKey('demoSeeded')).toBe(false);
    expect(isSystemParameterKey('toString')).toBe(false);
  });

  it('lists the parameters by group, every one exactly once (R-PARAM-2)', () => {
    const groups = systemParametersByGroup();
    expect(groups.map((group) => group.group)).toEqual([...parameterGroups]);
    expect(groups.flatMap((group) => group.parameters.map((p) => p.key)).sort()).toEqual(
      [...systemParameterKeys].sort(),
    );
    expect(groups[0]!.parameters.map((p) => p.key)).toEqual([
      'requireJobAddresses357',
      'autoInvoiceTime',
    ]);
  });
});

describe('R-PARAM-3: values are checked against their parameter', () => {
  it('takes a value of the right type', () => {
    expect(checkParameterValue('nlqEnabled', true)).toEqual({ ok: true, value: true });
    expect(checkParameterValue('accountingInterface', 'Sage50')).toEqual({
      ok: true,
      value: 'Sage50',
    });
    expect(checkParameterValue('accountingInterface', '')).toEqual({ ok: true, value: '' });
    expect(checkParameterValue('slowRequestThresholdMs', 0)).toEqual({ ok: true, value: 0 });
    expect(checkParameterValue('disabledForms', [formId('TruckMaintenance')])).toEqual({
      ok: true,
      value: [formId('TruckMaintenance')],
    });
  });

  it('refuses a bad value naming the field and the reason', () => {
    expect(checkParameterValue('nlqEnabled', 'yes')).toEqual({
      ok: false,
      problems: [{ field: 'value', reason: 'must be on or off (true or false)' }],
    });
    expect(checkParameterValue('nlqEnabled', undefined)).toEqual({
      ok: false,
      problems: [{ field: 'value', reason: 'is required' }],
    });
    const accounting = checkParameterValue('accountingInterface', 'Xero');
    expect(accounting.ok).toBe(false);
    expect(!accounting.ok && accounting.problems[0]!.reason).toMatch(
      /must be one of: none.*Sage50/,
    );
    expect(checkParameterValue('slowRequestThresholdMs', -1)).toEqual({
      ok: false,
      problems: [{ field: 'value', reason: 'must be 0 or more' }],
    });
    expect(checkParameterValue('slowRequestThresholdMs', 2.5)).toEqual({
      ok: false,
      problems: [{ field: 'value', reason: 'must be a whole number of milliseconds' }],
    });
    expect(checkParameterValue('slowRequestThresholdMs', 600_001).ok).toBe(false);
  });

  it('takes only forms of the menu catalogue, each once, and never the ones that must stay (R-PARAM-4)', () => {
    const trucks = formId('TruckMaintenance');
    expect(checkParameterValue('disabledForms', [trucks, 12345])).toEqual({
      ok: false,
      problems: [{ field: 'value.1', reason: '12345 is not a form of the menu' }],
    });
    expect(checkParameterValue('disabledForms', [trucks, trucks])).toEqual({
      ok: false,
      problems: [{ field: 'value.1', reason: 'Trucks is listed twice' }],
    });
    expect(checkParameterValue('disabledForms', [formId('SystemParameters')])).toEqual({
      ok: false,
      problems: [{ field: 'value.0', reason: 'System Parameters cannot be disabled' }],
    });
    expect(checkParameterValue('disabledForms', 'all')).toEqual({
      ok: false,
      problems: [{ field: 'value', reason: 'must be a list of form ids' }],
    });
    expect(canDisableForm(formId('Dashboard'))).toBe(false);
    // Shown to everyone, yet a feature an installation may switch off.
    expect(canDisableForm(formId('NaturalLanguageQuery'))).toBe(true);
    expect(canDisableForm(99)).toBe(false);
    expect(disableableForms().map((entry) => entry.id)).toContain(trucks);
    expect(disableableForms().map((entry) => entry.enumId)).not.toContain('SystemParameters');
  });
});

describe('R-PARAM-5: stored values over defaults', () => {
  it('reads what is stored, and falls back to the given default, then the catalogue', () => {
    expect(parameterValue('requireJobAddresses357', true)).toBe(true);
    expect(parameterValue('requireJobAddresses357', undefined)).toBe(false);
    expect(parameterValue('requireJobAddresses357', 'garbage')).toBe(false);
    expect(parameterValue('disabledForms', undefined, { disabledForms: [15000] })).toEqual([15000]);
    expect(parameterValue('disabledForms', [], { disabledForms: [15000] })).toEqual([]);
  });

  it('gives the server configuration its share, which the config schema accepts', () => {
    const settings = serverSettingsOf(
      { nlqEnabled: true, accountingInterface: 'Sage50', companyName: 'Acme' },
      { disabledForms: [formId('TruckMaintenance')] },
    );
    expect(settings).toEqual({
      accountingInterface: 'Sage50',
      emailAvailable: false,
      nlqEnabled: true,
      externalUsersEnabled: false,
      // R-PARAM-10: External Users is off with its feature.
      disabledForms: [formId('TruckMaintenance'), formId('ExternalUsers')],
      googleLookupTravelTime: false,
      paymentsAvailable: false,
      slowRequestThresholdMs: 0,
    });
    expect(serverConfigSchema.parse(settings)).toMatchObject(settings);
    expect(
      serverConfigUpdateSchema.safeParse({
        key: 'nlqEnabled',
        version: 2,
        by: 'admin',
        config: settings,
      }).success,
    ).toBe(true);
  });

  it('leaves External Users on while external users are enabled (R-PARAM-10)', () => {
    expect(
      serverSettingsOf({ externalUsersEnabled: true, nlqEnabled: true }).disabledForms,
    ).toEqual([]);
    expect(serverSettingsOf({ nlqEnabled: true }).disabledForms).toEqual([formId('ExternalUsers')]);
  });

  it('keeps AI-Assisted Query, which is always shown, out of the disabled forms (R-PERM-3, R-NLQ-11)', () => {
    expect(serverSettingsOf({ externalUsersEnabled: true }).disabledForms).toEqual([]);
    expect(
      serverSettingsOf(
        { externalUsersEnabled: true },
        { disabledForms: [formId('NaturalLanguageQuery')] },
      ).disabledForms,
    ).toEqual([formId('NaturalLanguageQuery')]);
  });

  it('names the system parameter that switches a form off (R-PARAM-11)', () => {
    const config = {
      disabledForms: [formId('TruckMaintenance')],
      nlqEnabled: false,
      externalUsersEnabled: false,
    };
    expect(
      parameterSwitchingOff('NaturalLanguageQuery', formId('NaturalLanguageQuery'), config),
    ).toBe('nlqEnabled');
    expect(parameterSwitchingOff('ExternalUsers', formId('ExternalUsers'), config)).toBe(
      'externalUsersEnabled',
    );
    expect(parameterSwitchingOff('TruckMaintenance', formId('TruckMaintenance'), config)).toBe(
      'disabledForms',
    );
    expect(parameterSwitchingOff('JobMaintenance', formId('JobMaintenance'), config)).toBeNull();
    const on = { ...config, nlqEnabled: true, externalUsersEnabled: true, disabledForms: [] };
    expect(
      parameterSwitchingOff('NaturalLanguageQuery', formId('NaturalLanguageQuery'), on),
    ).toBeNull();
    expect(switchedOffMessage('AI-Assisted Query', 'Natural-language queries')).toBe(
      'AI-Assisted Query is turned off by the system parameter "Natural-language queries".',
    );
  });
});
