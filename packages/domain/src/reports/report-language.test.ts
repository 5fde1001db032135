import { describe, expect, it } from 'vitest';
import { reportCatalogue, reportRunRequestSchema } from './report-catalogue';
import { reportCatalogueEs, reportLanguageOf } from './report-language';
import { reportMonthLabel, reportPeriodLabel, reportRunTitle } from './report-period';

describe('reports in the language of the user who runs them (issue 25)', () => {
  it('names the period and the run in Spanish when asked, in English otherwise', () => {
    expect(reportPeriodLabel('2026-11-03', '2026-11-03', 'es')).toBe('3 nov 2026');
    expect(reportPeriodLabel('2026-11-01', '2026-11-30', 'es')).toBe('1–30 nov 2026');
    expect(reportPeriodLabel('2026-09-28', '2026-11-03', 'es')).toBe('28 sept – 3 nov 2026');
    expect(reportPeriodLabel('2026-12-28', '2027-01-03', 'es')).toBe('28 dic 2026 – 3 ene 2027');
    expect(reportMonthLabel('2026-08', 'es')).toBe('ago 2026');
    const november = { from: '2026-11-01', to: '2026-11-30' };
    expect(reportRunTitle({ reportKey: 'shippedOrders', params: november, language: 'es' })).toBe(
      'Pedidos despachados, 1–30 nov 2026',
    );
    expect(
      reportRunTitle({
        reportKey: 'salesQuantity',
        params: { ...november, groupBy: 'customer' },
        language: 'es',
      }),
    ).toBe('Cantidad vendida por cliente, 1–30 nov 2026');
    expect(reportRunTitle({ reportKey: 'salesQuantity', params: november })).toBe(
      'Sales quantity by product, 1–30 Nov 2026',
    );
  });

  it('has a Spanish title and description for every report, and reads a language loosely', () => {
    for (const report of reportCatalogue) {
      expect(reportCatalogueEs[report.key].title).not.toBe(report.title);
      expect(reportCatalogueEs[report.key].description).not.toBe(report.description);
    }
    expect(reportLanguageOf('es-MX')).toBe('es');
    expect(reportLanguageOf('en-GB')).toBe('en');
    expect(reportLanguageOf(undefined)).toBe('en');
    const request = {
      reportKey: 'shippedOrders',
      params: { from: '2026-11-01', to: '2026-11-01' },
    };
    expect(reportRunRequestSchema.safeParse({ ...request, language: 'fr' }).success).toBe(false);
    expect(reportRunRequestSchema.parse({ ...request, language: 'es' }).language).toBe('es');
  });
});
