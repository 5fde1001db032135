import { describe, expect, it } from 'vitest';
import { legacyFormByEnumId, legacyFormById, legacyFormCatalogue } from './legacy-forms';

/** Every classic form R-LEGACY-2 lists, one enum name each. */
const specClassicForms = [
  'LegacyConcreteOrderEntry',
  'LegacyAggregateOrderEntry',
  'LegacyBlockOrderEntry',
  'LegacyRailOrderEntry',
  'LegacyPlantMaintenance',
  'LegacyProductMaintenance',
  'LegacyQuoteMaintenance',
  'LegacyPumperMaintenance',
  'LegacyTruckMaintenance',
  'LegacyTrailerMaintenance',
  'LegacyTruckCompanyMaintenance',
  'LegacyVendorMaintenance',
  'LegacySourceMaintenance',
  'LegacyAggregateTicketing',
  'LegacyQuickTicketing',
  'LegacyBlockTicketing',
  'LegacyConcreteTicketing',
  'LegacyTicketEdit',
  'LegacyBatchEdit',
  'LegacyEditTimes',
  'LegacyInquiry',
  'LegacyExport',
  'LegacyReceive',
  'LegacyReports',
  'LegacyPrelimInput',
  'LegacyPrelimPrint',
  'LegacyMixDesignChange',
  'LegacyMixDesignModification',
  'LegacyRawMaterialRanking',
  'LegacyTruckDemand',
  'LegacyTruckDemandManager',
  'LegacyRailSchedule',
  'LegacyCommodityCode',
];

const specNonLegacyForms = [
  'MarketSegmentsReport',
  'MaterialDemandReport',
  'SalesQuantityReport',
  'ShippedOrdersReport',
  'TruckDemandReport',
  'ProductPrice',
  'CopyProduct',
  'CopyOrder',
];

describe('R-LEGACY-1..3: legacy form catalogue', () => {
  it('holds every classic form R-LEGACY-2 lists, marked legacy', () => {
    const legacy = legacyFormCatalogue.filter((form) => form.legacy).map((form) => form.enumId);
    expect(legacy).toEqual(specClassicForms);
  });

  it('holds the non-legacy reports and actions, marked not legacy', () => {
    const modern = legacyFormCatalogue.filter((form) => !form.legacy).map((form) => form.enumId);
    expect(modern).toEqual(specNonLegacyForms);
  });

  it('gives each form a unique id in its range, a display name, an icon and an enabled flag', () => {
    const ids = legacyFormCatalogue.map((form) => form.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const form of legacyFormCatalogue) {
      const [min, max] = form.legacy ? [60100, 60599] : [70100, 70299];
      expect(form.id).toBeGreaterThanOrEqual(min);
      expect(form.id).toBeLessThanOrEqual(max);
      expect(form.name.trim()).not.toBe('');
      expect(form.icon).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(typeof form.enabled).toBe('boolean');
    }
  });

  it('flags some classic forms for the quick menu', () => {
    expect(legacyFormByEnumId('LegacyRailOrderEntry')?.availableInQuickMenu).toBe(true);
    expect(legacyFormByEnumId('LegacyReports')?.availableInQuickMenu).toBeUndefined();
  });

  it('binds classic order entry and ticketing to their system type', () => {
    expect(legacyFormByEnumId('LegacyAggregateOrderEntry')?.systemTypeIds).toEqual([2]);
    expect(legacyFormByEnumId('LegacyBlockTicketing')?.systemTypeIds).toEqual([3]);
  });

  it('finds forms by id and by enum name', () => {
    expect(legacyFormById(70203)?.enumId).toBe('CopyOrder');
    expect(legacyFormById(1)).toBeUndefined();
    expect(legacyFormByEnumId('Nothing')).toBeUndefined();
  });
});
