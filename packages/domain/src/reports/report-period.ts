/**
 * How a report names its period and splits it (R-RPT-4, R-RPT-5): "1–30 Nov 2026" in a job's
 * title and a PDF's header, and the months and days a period covers, for the columns of sales by
 * month and the rows of a day-by-day report. Periods are calendar days (YYYY-MM-DD), both ends
 * included.
 */
import {
  defaultSalesGrouping,
  reportDefinition,
  type ReportKey,
  type ReportParams,
} from './report-catalogue';
import { reportCatalogueEs, salesGroupingsEs, type ReportLanguage } from './report-language';

const monthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** Spanish abbreviations, as Intl writes them for 'es' ("1–30 nov 2026"). */
const monthNamesEs = [
  'ene',
  'feb',
  'mar',
  'abr',
  'may',
  'jun',
  'jul',
  'ago',
  'sept',
  'oct',
  'nov',
  'dic',
] as const;

const dayMs = 86_400_000;

function dayParts(day: string): { year: number; month: number; date: number } {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month, date };
}

const monthName = (month: number, language: ReportLanguage = 'en') =>
  (language === 'es' ? monthNamesEs : monthNames)[month - 1] ?? '';

/** A calendar day as people write it: "3 Nov 2026" ("3 nov 2026" in Spanish). */
export function reportDayLabel(day: string, language: ReportLanguage = 'en'): string {
  const { year, month, date } = dayParts(day);
  return `${date} ${monthName(month, language)} ${year}`;
}

/** A month key (YYYY-MM) as a column heading: "Nov 2026". */
export function reportMonthLabel(month: string, language: ReportLanguage = 'en'): string {
  const { year, month: number } = dayParts(`${month}-01`);
  return `${monthName(number, language)} ${year}`;
}

/**
 * R-RPT-4: a period as short as it reads well: "3 Nov 2026", "1–30 Nov 2026",
 * "28 Oct – 3 Nov 2026", "28 Dec 2026 – 3 Jan 2027".
 */
export function reportPeriodLabel(
  from: string,
  to: string,
  language: ReportLanguage = 'en',
): string {
  if (from === to) return reportDayLabel(from, language);
  const start = dayParts(from);
  const end = dayParts(to);
  const month = (number: number) => monthName(number, language);
  if (start.year === end.year && start.month === end.month) {
    return `${start.date}–${end.date} ${month(end.month)} ${end.year}`;
  }
  if (start.year === end.year) {
    return `${start.date} ${month(start.month)} – ${end.date} ${month(end.month)} ${end.year}`;
  }
  return `${reportDayLabel(from, language)} – ${reportDayLabel(to, language)}`;
}

/** The day after (or `days` after) a calendar day. */
export function addCalendarDays(day: string, days: number): string {
  const { year, month, date } = dayParts(day);
  return new Date(Date.UTC(year, month - 1, date) + days * dayMs).toISOString().slice(0, 10);
}

/** Every day of the period, in order. */
export function reportDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) days.push(day);
  return days;
}

/** Every month (YYYY-MM) the period touches, in order. */
export function reportMonths(from: string, to: string): string[] {
  const months: string[] = [];
  let { year, month } = dayParts(from);
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (key > last) return months;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** 0 Sunday .. 6 Saturday. */
export function weekdayOf(day: string): number {
  const { year, month, date } = dayParts(day);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/**
 * R-RPT-5: a run's title, as its job and its files are named: "Shipped orders, 1–30 Nov 2026",
 * "Sales quantity by customer, 1 Oct – 30 Nov 2026".
 */
export function reportRunTitle(request: {
  reportKey: ReportKey;
  params: Pick<ReportParams, 'from' | 'to'> & { groupBy?: ReportParams['groupBy'] };
  /** The language of the user who runs it (English when not said). */
  language?: ReportLanguage | undefined;
}): string {
  const language = request.language ?? 'en';
  const title =
    language === 'es'
      ? reportCatalogueEs[request.reportKey].title
      : reportDefinition(request.reportKey).title;
  const grouping = request.params.groupBy ?? defaultSalesGrouping;
  const by =
    request.reportKey !== 'salesQuantity'
      ? ''
      : language === 'es'
        ? ` por ${salesGroupingsEs[grouping]}`
        : ` by ${grouping}`;
  return `${title}${by}, ${reportPeriodLabel(request.params.from, request.params.to, language)}`;
}

/** A file name from a run's title: letters, digits and dashes, then the format's extension. */
export function reportFileName(title: string, extension: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${stem || 'report'}.${extension}`;
}
