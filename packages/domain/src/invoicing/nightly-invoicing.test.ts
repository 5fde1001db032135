import { describe, expect, it } from 'vitest';
import { checkParameterValue, parameterValue } from '../settings/system-parameters';
import {
  nightlyInvoicingParamsSchema,
  nightlyRunDays,
  nightlyRunDue,
  nightlyRunMessage,
  nightlyRunTitle,
} from './nightly-invoicing';

describe('R-INV-13: when the nightly invoicing runs', () => {
  it('runs once the clock reaches the time, once a day', () => {
    const today = '2026-03-10';
    expect(nightlyRunDue({ today, time: '21:59' }, '22:00', '2026-03-09')).toBeNull();
    expect(nightlyRunDue({ today, time: '22:00' }, '22:00', '2026-03-09')).toBe(today);
    expect(nightlyRunDue({ today, time: '23:45' }, '22:00', '2026-03-09')).toBe(today);
    // Claimed already today: not again, even when the time is moved later or earlier.
    expect(nightlyRunDue({ today, time: '23:45' }, '22:00', today)).toBeNull();
    expect(nightlyRunDue({ today, time: '23:45' }, '23:30', today)).toBeNull();
  });

  it('runs at the time of the system parameter autoInvoiceTime, as HH:mm', () => {
    const runTime = parameterValue('autoInvoiceTime', undefined);
    expect(nightlyRunDue({ today: '2026-03-10', time: '21:59' }, runTime, null)).toBeNull();
    expect(nightlyRunDue({ today: '2026-03-10', time: '22:00' }, runTime, null)).toBe('2026-03-10');
    expect(checkParameterValue('autoInvoiceTime', ' 06:05 ')).toEqual({ ok: true, value: '06:05' });
    for (const bad of ['24:00', '6:05', 'late', 2200]) {
      expect(checkParameterValue('autoInvoiceTime', bad), String(bad)).toEqual({
        ok: false,
        problems: [{ field: 'value', reason: 'Enter a time as HH:mm.' }],
      });
    }
  });

  it('runs the first time, and after days without a run runs for today only', () => {
    expect(nightlyRunDue({ today: '2026-03-10', time: '22:01' }, '22:00', null)).toBe('2026-03-10');
    expect(nightlyRunDue({ today: '2026-03-10', time: '22:01' }, '22:00', '2026-02-20')).toBe(
      '2026-03-10',
    );
    // Past midnight the day's time is not reached yet.
    expect(nightlyRunDue({ today: '2026-03-11', time: '00:30' }, '22:00', '2026-03-10')).toBeNull();
  });

  it("invoices the day's deliveries and the day before's, across a month's end", () => {
    expect(nightlyRunDays('2026-03-10')).toEqual({ from: '2026-03-09', to: '2026-03-10' });
    expect(nightlyRunDays('2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-03-01' });
  });

  it('names the run and says what it did', () => {
    expect(nightlyRunTitle('2026-03-10')).toBe('Nightly invoicing, 2026-03-10');
    expect(nightlyRunMessage({ invoices: 2, tickets: 7, left: 1 })).toBe(
      '2 invoices (7 tickets); 1 ticket left for the clerk',
    );
    expect(nightlyRunMessage({ invoices: 1, tickets: 1, left: 0 })).toBe('1 invoice (1 ticket)');
    expect(nightlyRunMessage({ invoices: 0, tickets: 0, left: 3 })).toBe(
      'No tickets to invoice; 3 tickets left for the clerk',
    );
  });

  it('names the run and says what it did in Spanish (issue 25, item 4)', () => {
    expect(nightlyRunTitle('2026-03-10', 'es')).toBe('Facturación nocturna, 2026-03-10');
    expect(nightlyRunMessage({ invoices: 2, tickets: 7, left: 1 }, 'es')).toBe(
      '2 facturas (7 boletas); 1 boleta queda para facturar a mano',
    );
    expect(nightlyRunMessage({ invoices: 1, tickets: 1, left: 0 }, 'es')).toBe(
      '1 factura (1 boleta)',
    );
    expect(nightlyRunMessage({ invoices: 0, tickets: 0, left: 3 }, 'es')).toBe(
      'No se facturó ninguna boleta; 3 boletas quedan para facturar a mano',
    );
  });

  it('takes a real day as its parameter', () => {
    expect(nightlyInvoicingParamsSchema.safeParse({ day: '2026-03-10' }).success).toBe(true);
    expect(nightlyInvoicingParamsSchema.safeParse({ day: '2026-02-30' }).success).toBe(false);
  });
});
