/**
 * R-MAINT-12: a driver's licence that has expired, or expires within 30 days, is pointed out on the
 * employee's driver tab. Days are calendar days, counted on the user's own calendar.
 */
export const licenceWarningDays = 30;

export type LicenceExpiry = { readonly state: 'expired' | 'soon'; readonly days: number };

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(date: string): number | undefined {
  const match = datePattern.exec(date);
  if (!match) return undefined;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 86_400_000;
}

/** Today as YYYY-MM-DD on the user's calendar. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * 'expired' with the days since, 'soon' with the days left (a licence is good through its expiry
 * day, so that day is 'soon' with 0 days left), or null when it is good for longer than the
 * warning period or no expiry is known.
 */
export function licenceExpiry(expiry: unknown, today: string): LicenceExpiry | null {
  if (typeof expiry !== 'string') return null;
  const last = dayNumber(expiry);
  const now = dayNumber(today);
  if (last === undefined || now === undefined) return null;
  const left = last - now;
  if (left < 0) return { state: 'expired', days: -left };
  if (left <= licenceWarningDays) return { state: 'soon', days: left };
  return null;
}
