/**
 * Reading the audit trail (R-AUDIT-3..5): entries filtered by resource, user, record, action and
 * dates, newest first, a page at a time; each with the fields it changed (R-AUDIT-2), computed
 * by the domain from the record before and after.
 */
import { and, count, desc, eq, gte, ilike, lt, lte, type SQL } from 'drizzle-orm';
import {
  changedFields,
  type AuditEntryView,
  type AuditQuery,
} from '@dispatch/domain/audit/audit-trail';
import { recordLabel } from '@dispatch/domain/resources/define';
import { resourceByName } from '@dispatch/domain/resources/registry';
import type { Db } from '../../db/client';
import { auditTrail } from '../../db/schema/audit';
import { likePattern } from '../../http/list-query';

type AuditFilters = Omit<AuditQuery, 'page' | 'pageSize'>;

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A date `to` takes in its whole day: up to the next day's midnight (UTC). */
function nextDay(date: string): Date {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

/**
 * When a change was made, between `from` and `to` (R-AUDIT-3, R-OAUD-2): a date `from` starts at
 * its midnight (UTC), a date `to` ends with its day; an instant is taken as it is.
 */
export function madeBetween(range: { from?: string | undefined; to?: string | undefined }) {
  const { from, to } = range;
  return and(
    from ? gte(auditTrail.at, new Date(isDate(from) ? `${from}T00:00:00Z` : from)) : undefined,
    to
      ? isDate(to)
        ? lt(auditTrail.at, nextDay(to))
        : lte(auditTrail.at, new Date(to))
      : undefined,
  );
}

function conditions(query: AuditFilters): SQL | undefined {
  return and(
    query.resource ? eq(auditTrail.resource, query.resource) : undefined,
    query.username ? ilike(auditTrail.username, likePattern(query.username)) : undefined,
    query.recordId ? eq(auditTrail.recordId, query.recordId) : undefined,
    query.action ? eq(auditTrail.action, query.action) : undefined,
    madeBetween(query),
  );
}

type AuditRow = typeof auditTrail.$inferSelect;

function labelOf(row: AuditRow): string {
  const definition = resourceByName(row.resource);
  const record = (row.after ?? row.before) as Record<string, unknown> | null;
  if (!definition || !record) return '';
  return recordLabel(definition, record);
}

/** The order a resource's form shows its fields in: the changes are listed in it. */
function fieldOrder(resource: string): string[] {
  const definition = resourceByName(resource);
  return definition ? [...Object.keys(definition.fields), ...Object.keys(definition.children)] : [];
}

export function toEntry(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    username: row.username,
    resource: row.resource,
    recordId: row.recordId,
    recordLabel: labelOf(row),
    action: row.action,
    changes: changedFields(row.before, row.after, fieldOrder(row.resource)),
  };
}

export async function listAuditTrail(
  db: Db,
  query: AuditQuery,
): Promise<{ rows: AuditEntryView[]; count: number }> {
  const where = conditions(query);
  const rows = await db
    .select()
    .from(auditTrail)
    .where(where)
    .orderBy(desc(auditTrail.at), desc(auditTrail.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(auditTrail).where(where);
  return { rows: rows.map(toEntry), count: Number(total?.n ?? 0) };
}

/** Enough for any audit question; a longer history is read a page at a time. */
export const auditExportLimit = 10_000;

/** The filtered entries, newest first, at most `auditExportLimit`, in pages of 500. */
export async function* auditEntries(db: Db, query: AuditFilters): AsyncGenerator<AuditEntryView> {
  const where = conditions(query);
  for (let offset = 0; offset < auditExportLimit; offset += 500) {
    const rows = await db
      .select()
      .from(auditTrail)
      .where(where)
      .orderBy(desc(auditTrail.at), desc(auditTrail.id))
      .limit(Math.min(500, auditExportLimit - offset))
      .offset(offset);
    for (const row of rows) yield toEntry(row);
    if (rows.length < 500) return;
  }
}
