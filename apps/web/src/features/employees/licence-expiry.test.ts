import { describe, expect, it } from 'vitest';
import { licenceExpiry, localToday } from './licence-expiry';

describe('the licence expiry warning (R-MAINT-12)', () => {
  it('warns from 30 days before the expiry, and after it', () => {
    const today = '2026-03-01';
    expect(licenceExpiry('2026-04-15', today)).toBeNull();
    expect(licenceExpiry('2026-04-01', today)).toBeNull();
    expect(licenceExpiry('2026-03-31', today)).toEqual({ state: 'soon', days: 30 });
    expect(licenceExpiry('2026-03-01', today)).toEqual({ state: 'soon', days: 0 });
    expect(licenceExpiry('2026-02-28', today)).toEqual({ state: 'expired', days: 1 });
    expect(licenceExpiry('2025-03-01', today)).toEqual({ state: 'expired', days: 365 });
  });

  it('says nothing without a date', () => {
    expect(licenceExpiry(null, '2026-03-01')).toBeNull();
    expect(licenceExpiry('', '2026-03-01')).toBeNull();
    expect(licenceExpiry('soon', '2026-03-01')).toBeNull();
  });

  it("counts on the user's calendar", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
