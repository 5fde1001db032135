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

const dayMs = 86_400_000;

function dayParts(day: string): { year: number; month: number; date: number } {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month, date };
}

const monthName = (month: number) => monthNames[month - 1] ?? '';

/** A calendar day as people write it: "3 Nov 2026". */
export function reportDayLabel(day: string): string {
  const { year, month, date } = dayParts(day);
  return `${date} ${monthName(month)} ${year}`;
}

/** A month key (YYYY-MM) as a column heading: "Nov 2026". */
export function reportMonthLabel(month: string): string {
  const { year, month: number } = dayParts(`${month}-01`);
  return `${monthName(number)} ${year}`;
}

/**
 * R-RPT-4: a period as short as it reads well: "3 Nov 2026", "1–30 Nov 2026",
 * "28 Oct – 3 Nov 2026", "28 Dec 2026 – 3 Jan 2027".
 */
export function reportPeriodLabel(from: string, to: string): string {
  if (from === to) return reportDayLabel(from);
  const start = dayParts(from);
  const end = dayParts(to);
  if (start.year === end.year && start.month === end.month) {
    return `${start.date}–${end.date} ${monthName(end.month)} ${end.year}`;
  }
  if (start.year === end.year) {
    return `${start.date} ${monthName(start.month)} – ${end.date} ${monthName(end.month)} ${end.year}`;
  }
  return `${reportDayLabel(from)} – ${reportDayLabel(to)}`;
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
}): string {
  const { title } = reportDefinition(request.reportKey);
  const by =
    request.reportKey === 'salesQuantity'
      ? ` by ${request.params.groupBy ?? defaultSalesGrouping}`
      : '';
  return `${title}${by}, ${reportPeriodLabel(request.params.from, request.params.to)}`;
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
