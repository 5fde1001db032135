/**
 * The report catalogue (R-RPT-1), its run request (R-RPT-6), the period's names and parts
 * (R-RPT-4, R-RPT-5) and who runs reports at which level (R-RPT-2, R-RPT-3).
 */
import { describe, expect, it } from 'vitest';
import { createFormPermissions, permissionLevels } from '../permissions';
import { reportAccess, reportDataFormIds, reportsFormId } from './report-access';
import {
  defaultSalesGrouping,
  reportCatalogue,
  reportDefinition,
  reportJobParamsSchema,
  reportKeys,
  reportRunRequestSchema,
} from './report-catalogue';
import {
  addCalendarDays,
  reportDayLabel,
  reportDays,
  reportFileName,
  reportMonthLabel,
  reportMonths,
  reportPeriodLabel,
  reportRunTitle,
  weekdayOf,
} from './report-period';

const issues = (value: unknown) => {
  const parsed = reportRunRequestSchema.safeParse(value);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('report catalogue', () => {
  it('R-RPT-1: lists every report once, each with a title and its parameters', () => {
    expect(reportCatalogue.map((report) => report.key)).toEqual([...reportKeys]);
    for (const key of reportKeys) {
      const report = reportDefinition(key);
      expect(report.title.length).toBeGreaterThan(3);
      expect(report.description.length).toBeGreaterThan(10);
    }
    expect(reportDefinition('salesQuantity').parameters).toContain('groupBy');
    expect(reportDefinition('shippedOrders').priced).toBe(true);
    expect(reportDefinition('truckDemand').looksAhead).toBe(true);
    expect(defaultSalesGrouping).toBe('product');
  });

  it('R-RPT-6: a run request needs a known report, a period in order and known formats', () => {
    const parsed = reportRunRequestSchema.parse({
      reportKey: 'shippedOrders',
      params: { from: '2026-11-01', to: '2026-11-30', plantIds: ['3', 4] },
    });
    expect(parsed).toEqual({
      reportKey: 'shippedOrders',
      params: {
        from: '2026-11-01',
        to: '2026-11-30',
        plantIds: [3, 4],
        customerIds: [],
        productIds: [],
      },
      formats: ['pdf', 'csv', 'xlsx'],
    });
    expect(
      reportRunRequestSchema.parse({
        reportKey: 'ticketRegister',
        params: { from: '2026-11-01', to: '2026-11-01' },
        formats: ['csv', 'csv', 'pdf'],
      }).formats,
    ).toEqual(['csv', 'pdf']);

    expect(
      issues({ reportKey: 'profits', params: { from: '2026-11-01', to: '2026-11-01' } }),
    ).toEqual([expect.stringMatching(/^reportKey: must be one of shippedOrders/)]);
    expect(
      issues({ reportKey: 'driverHours', params: { from: '2026-11-02', to: '2026-11-01' } }),
    ).toEqual(['params.to: must not be before from']);
    expect(
      issues({ reportKey: 'driverHours', params: { from: '2025-10-31', to: '2026-11-01' } }),
    ).toEqual(['params.to: must be within 366 days of from']);
    expect(
      issues({ reportKey: 'driverHours', params: { from: '2026-02-30', to: '2026-03-01' } }),
    ).toEqual(['params.from: must be a real date as YYYY-MM-DD']);
    expect(
      issues({
        reportKey: 'salesQuantity',
        params: { from: '2026-11-01', to: '2026-11-02', systemTypeId: 4, groupBy: 'truck' },
        formats: ['doc'],
      }),
    ).toEqual([
      'params.systemTypeId: must be 1, 2 or 3',
      'params.groupBy: must be product, customer or plant',
      'formats.0: must be pdf, csv or xlsx',
    ]);
    expect(
      issues({
        reportKey: 'salesQuantity',
        params: { from: '2026-11-01', to: '2026-11-01' },
        formats: [],
      }),
    ).toEqual(['formats: choose at least one format']);
    expect(
      issues({
        reportKey: 'salesQuantity',
        params: { from: '2026-11-01', to: '2026-11-01', plantIds: [0] },
      }),
    ).toEqual(['params.plantIds.0: must be an id']);
  });

  it('carries the schedule that asked for a run in the job parameters', () => {
    expect(
      reportJobParamsSchema.parse({
        reportKey: 'plantProduction',
        params: { from: '2026-11-01', to: '2026-11-07' },
        scheduleId: '12',
      }).scheduleId,
    ).toBe(12);
  });
});

describe('report periods', () => {
  it('R-RPT-4: names a period as short as it reads well', () => {
    expect(reportPeriodLabel('2026-11-03', '2026-11-03')).toBe('3 Nov 2026');
    expect(reportPeriodLabel('2026-11-01', '2026-11-30')).toBe('1–30 Nov 2026');
    expect(reportPeriodLabel('2026-10-28', '2026-11-03')).toBe('28 Oct – 3 Nov 2026');
    expect(reportPeriodLabel('2026-12-28', '2027-01-03')).toBe('28 Dec 2026 – 3 Jan 2027');
    expect(reportDayLabel('2027-01-09')).toBe('9 Jan 2027');
    expect(reportMonthLabel('2026-02')).toBe('Feb 2026');
  });

  it('R-RPT-5: titles a run after its report, grouping and period, and names its files', () => {
    const period = { from: '2026-11-01', to: '2026-11-30' };
    expect(reportRunTitle({ reportKey: 'shippedOrders', params: period })).toBe(
      'Shipped orders, 1–30 Nov 2026',
    );
    expect(reportRunTitle({ reportKey: 'salesQuantity', params: period })).toBe(
      'Sales quantity by product, 1–30 Nov 2026',
    );
    expect(
      reportRunTitle({ reportKey: 'salesQuantity', params: { ...period, groupBy: 'customer' } }),
    ).toBe('Sales quantity by customer, 1–30 Nov 2026');
    expect(reportFileName('Shipped orders, 1–30 Nov 2026', 'pdf')).toBe(
      'shipped-orders-1-30-nov-2026.pdf',
    );
    expect(reportFileName('Año – ñ', 'csv')).toBe('ano-n.csv');
    expect(reportFileName('–––', 'xlsx')).toBe('report.xlsx');
  });

  it('splits a period into its days and months, across years and leap days', () => {
    expect(reportDays('2028-02-27', '2028-03-01')).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(reportMonths('2026-11-15', '2027-02-01')).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    expect(reportMonths('2026-11-15', '2026-11-16')).toEqual(['2026-11']);
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-11-01')).toBe(0);
    expect(weekdayOf('2026-11-07')).toBe(6);
  });
});

describe('report access', () => {
  const concreteEntry = 15000;
  const concreteTickets = reportDataFormIds([1])[1]!;
  const levels = (entries: Record<number, number>) =>
    createFormPermissions(
      Object.entries(entries).map(([formId, permission]) => ({
        formId: Number(formId),
        permission,
      })),
      () => {},
    );

  it('R-RPT-2: a level stored on Reports applies, prices hidden at levels 2 and 4', () => {
    expect(reportsFormId).toBe(51302);
    expect(reportAccess(levels({ [reportsFormId]: permissionLevels.FullWithPrices }), [])).toEqual({
      level: 5,
      allowed: true,
      hidePrices: false,
      decidedBy: 'reports',
    });
    expect(
      reportAccess(
        levels({
          [reportsFormId]: permissionLevels.ReadOnlyNoPrices,
          [concreteEntry]: permissionLevels.FullWithPrices,
        }),
        [1],
      ),
    ).toMatchObject({ level: 2, hidePrices: true, decidedBy: 'reports' });
  });

  it('R-RPT-3: without one, the highest order or ticket entry level of the user’s system types', () => {
    expect(reportDataFormIds([1, 2])).toEqual([
      15000,
      concreteTickets,
      25000,
      reportDataFormIds([2])[1],
    ]);
    expect(
      reportAccess(
        levels({
          [concreteEntry]: permissionLevels.FullNoPrices,
          [concreteTickets]: permissionLevels.ReadOnlyNoPrices,
          25000: permissionLevels.FullWithPrices,
        }),
        [1],
      ),
    ).toEqual({ level: 4, allowed: true, hidePrices: true, decidedBy: 'dataForms' });
    expect(reportAccess(levels({ 25000: permissionLevels.FullWithPrices }), [1])).toMatchObject({
      level: 1,
      allowed: false,
    });
    expect(reportAccess(levels({ [reportsFormId]: permissionLevels.None }), [1])).toMatchObject({
      allowed: false,
      decidedBy: 'dataForms',
    });
  });
});
