import { afterAll, describe, expect, it } from 'vitest';
import { initI18n } from './i18n';
import { lookupText } from './lookup-text';
import { lookupValuesEn, lookupValuesEs } from './lookup-values';

describe('lookup values in the user’s language (issue 25)', () => {
  afterAll(async () => {
    await initI18n('en');
  });

  it('shows a seeded lookup row in Spanish, and a renamed one as written', async () => {
    await initI18n('es');
    expect(lookupText('orderTypes', 'Concrete delivery')).toBe('Entrega de concreto');
    expect(lookupText('reasons', 'Regular order')).toBe('Pedido normal');
    expect(lookupText('creditStatuses', 'Credit hold')).toBe('Crédito retenido');
    expect(lookupText('truckTypes', 'Mixer 10 yd')).toBe('Revolvedora 10 yd');
    expect(lookupText('employeeTypes', 'Driver')).toBe('Conductor');
    expect(lookupText('glCategories', 'Aggregate sales')).toBe('Ventas de agregados');
    expect(lookupText('creditStatuses', 'Slow payer')).toBe('Slow payer');
    expect(lookupText('customers', 'Acme Builders')).toBe('Acme Builders');
    await initI18n('en');
    expect(lookupText('orderTypes', 'Concrete delivery')).toBe('Concrete delivery');
  });

  it('has a Spanish text for every seeded row', () => {
    for (const [resource, rows] of Object.entries(lookupValuesEn)) {
      const spanish = lookupValuesEs[resource as keyof typeof lookupValuesEs] as Record<
        string,
        string
      >;
      expect(Object.keys(spanish).sort(), resource).toEqual(Object.keys(rows).sort());
    }
  });
});
