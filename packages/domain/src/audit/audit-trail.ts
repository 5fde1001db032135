/**
 * The audit trail as the API answers it and the administration screen reads it (R-AUDIT-1..6):
 * each entry is one change to one record, with the fields it changed, before and after, computed
 * here from the record as it was and as it became (both as the API answers records).
 */
import { z } from 'zod';
import { calendarDay } from '../dates/calendar-day';
import { isIsoDateString } from '../dates/iso-date';

/** What the engine records; other writers may record verbs of their own (applied, reversed). */
export const auditActions = ['created', 'updated', 'deactivated', 'deleted'] as const;

/** Bookkeeping every record carries: a change to these alone is no change worth listing. */
const bookkeeping = new Set(['version', 'modifiedAt', 'modifiedOn', 'modifiedBy', 'labels']);

export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** A reference's display text (a plant's name for plantId), when the record answered one. */
  beforeLabel: z.string().optional(),
  afterLabel: z.string().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  username: z.string(),
  resource: z.string(),
  recordId: z.string(),
  /** The record's name when it was written (a truck type's description). */
  recordLabel: z.string(),
  action: z.string(),
  changes: z.array(auditChangeSchema),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** A `from`/`to` filter: a date (that day, UTC) or an instant (the web sends the user's midnights). */
const auditInstantMessage = 'must be a date YYYY-MM-DD or an instant';
export const auditInstantSchema = z.union([
  calendarDay(auditInstantMessage),
  z.iso
    .datetime({ offset: true, error: auditInstantMessage })
    // The calendar's check: no year 0, which PostgreSQL does not have.
    .refine(isIsoDateString, auditInstantMessage),
]);
/** A text filter: trimmed, bounded, no NUL. */
export const auditTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !value.includes('\0'), 'must not contain NUL');

/** Paging of an audit list (the trail, the order audit): a page at a time, newest first. */
export const auditPageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
};

/**
 * The list's query (R-AUDIT-3): every filter optional, newest first, a page at a time. A date
 * `from` starts at that day's midnight (UTC) and a date `to` ends at its last instant; the web
 * sends instants of the user's own midnights.
 */
export const auditQuerySchema = z.object({
  resource: auditTextSchema(100).optional(),
  username: auditTextSchema(100).optional(),
  recordId: auditTextSchema(50).optional(),
  action: auditTextSchema(30).optional(),
  from: auditInstantSchema.optional(),
  to: auditInstantSchema.optional(),
  ...auditPageFields,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Key order does not make two values different ({a, b} and {b, a} are the same record). */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, stable(value[key])]),
    );
  }
  return value;
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // An absent value and a null one (or '' for text, R-RES-4) say the same: nothing.
  const none = (value: unknown) => value === undefined || value === null || value === '';
  if (none(a) && none(b)) return true;
  return JSON.stringify(stable(a)) === JSON.stringify(stable(b));
}

function labelOf(record: unknown, field: string): string | undefined {
  if (!isRecord(record) || !isRecord(record.labels)) return undefined;
  const label = record.labels[field];
  return typeof label === 'string' && label !== '' ? label : undefined;
}

/**
 * The fields a change touched (R-AUDIT-2), in `order` (the definition's fields: the database
 * keeps JSON keys in an order of its own), then any others: every field whose value differs
 * between before and after. A creation lists the values it was made with, a deletion the
 * values it had (empty ones, false flags and no rows, left out); bookkeeping (version, who and
 * when) is never listed.
 */
export function changedFields(
  before: unknown,
  after: unknown,
  order: readonly string[] = [],
): AuditChange[] {
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const present = new Set([...Object.keys(is), ...Object.keys(was)]);
  const names = [...new Set([...order.filter((name) => present.has(name)), ...present])].filter(
    (name) => !bookkeeping.has(name) && name !== 'id',
  );
  // Made or removed whole: its empty values (no text, no flag, no rows) say nothing.
  const whole = !isRecord(before) || !isRecord(after);
  const empty = (value: unknown) =>
    sameValue(value, null) || value === false || (Array.isArray(value) && value.length === 0);
  return names.flatMap((name) => {
    if (sameValue(was[name], is[name])) return [];
    if (whole && empty(was[name]) && empty(is[name])) return [];
    const change: AuditChange = {
      field: name,
      before: was[name] ?? null,
      after: is[name] ?? null,
    };
    const beforeLabel = labelOf(before, name);
    const afterLabel = labelOf(after, name);
    if (beforeLabel !== undefined) change.beforeLabel = beforeLabel;
    if (afterLabel !== undefined) change.afterLabel = afterLabel;
    return [change];
  });
}

/** One value as a line of text: lists and CSV show values this way. */
export function auditValueText(value: unknown, label?: string): string {
  if (label !== undefined) return label;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
