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

export type AuditRow = typeof auditTrail.$inferSelect;

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

/** Newest first; the id orders changes made in the same instant, so pages never overlap. */
const newestFirst = [desc(auditTrail.at), desc(auditTrail.id)];

/** One page of the audit rows `where` picks, and how many it picks in all. */
export async function auditRowPage(
  db: Db,
  where: SQL | undefined,
  page: { page: number; pageSize: number },
): Promise<{ rows: AuditRow[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditTrail)
      .where(where)
      .orderBy(...newestFirst)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(auditTrail).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function listAuditTrail(
  db: Db,
  query: AuditQuery,
): Promise<{ rows: AuditEntryView[]; count: number }> {
  const { rows, count } = await auditRowPage(db, conditions(query), query);
  return { rows: rows.map(toEntry), count };
}

/** Enough for any audit question (R-AUDIT-5, R-OAUD-2); a longer history is read a page at a time. */
export const auditExportLimit = 10_000;
const exportPageSize = 500;

/** The audit rows `where` picks, newest first, at most `auditExportLimit`, in pages of 500. */
export async function* auditRowPages(db: Db, where: SQL | undefined): AsyncGenerator<AuditRow[]> {
  for (let offset = 0; offset < auditExportLimit; offset += exportPageSize) {
    const rows = await db
      .select()
      .from(auditTrail)
      .where(where)
      .orderBy(...newestFirst)
      .limit(Math.min(exportPageSize, auditExportLimit - offset))
      .offset(offset);
    yield rows;
    if (rows.length < exportPageSize) return;
  }
}

/** The filtered entries, newest first, at most `auditExportLimit`. */
export async function* auditEntries(db: Db, query: AuditFilters): AsyncGenerator<AuditEntryView> {
  for await (const rows of auditRowPages(db, conditions(query))) {
    for (const row of rows) yield toEntry(row);
  }
}
