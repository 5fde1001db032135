import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { planPrintWindow } from './print-window';

describe('R-PRINT-1..2: print window', () => {
  it('opens a .pdf at 90% of the window height, floored, and the full width', () => {
    expect(
      planPrintWindow('/reports/ticket-42.pdf', { innerHeight: 1001, innerWidth: 1280 }),
    ).toEqual({
      ok: true,
      height: 900,
      width: 1280,
    });
    expect(planPrintWindow('https://x/report.PDF?v=2', { innerHeight: 10, innerWidth: 5 })).toEqual(
      {
        ok: true,
        height: 9,
        width: 5,
      },
    );
  });

  it.each(['/reports/ticket-42.html', '/reports/pdf', '', 'file.pd'])(
    'refuses the non-pdf URL %j',
    (url) => {
      expect(planPrintWindow(url, { innerHeight: 800, innerWidth: 600 })).toEqual({
        ok: false,
        message: messages.printWindowNonPdf,
      });
    },
  );

  it('never sizes the window negative or from a missing size', () => {
    expect(planPrintWindow('a.pdf', { innerHeight: Number.NaN, innerWidth: -20 })).toEqual({
      ok: true,
      height: 0,
      width: 0,
    });
  });

  it('keeps the height within the window for any size', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.nat({ max: 100_000 }), (innerHeight, innerWidth) => {
        const plan = planPrintWindow('x.pdf', { innerHeight, innerWidth });
        expect(plan).toEqual({
          ok: true,
          height: Math.floor(innerHeight * 0.9),
          width: innerWidth,
        });
        if (plan.ok) {
          expect(plan.height).toBeLessThanOrEqual(innerHeight);
          expect(innerHeight - plan.height).toBeLessThanOrEqual(Math.ceil(innerHeight / 10) + 1);
        }
      }),
    );
  });
});
