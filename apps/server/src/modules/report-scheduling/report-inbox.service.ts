/**
 * A user's report inbox (R-RPT-56): the scheduled reports delivered to them, newest first, each
 * with its files; marked read or unread. An entry is its user's: anyone else is answered 404.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  reportInboxItemSchema,
  type ReportInboxItem,
} from '@dispatch/domain/report-schedules/report-schedule-schemas';
import type { Db } from '../../db/client';
import { backgroundJobFiles } from '../../db/schema/background-jobs';
import { reportInbox } from '../../db/schema/report-schedules';
import { notFound } from '../../http/api-error';
import { readJobFile } from '../../jobs/job-rows';

type InboxRow = typeof reportInbox.$inferSelect;

export function inboxFileUrl(itemId: number, file: { id: number; name: string }): string {
  return `/api/v1/report-inbox/${itemId}/files/${file.id}/${encodeURIComponent(file.name)}`;
}

async function withFiles(db: Db, rows: InboxRow[]): Promise<ReportInboxItem[]> {
  if (rows.length === 0) return [];
  const files = await db
    .select({
      id: backgroundJobFiles.id,
      jobId: backgroundJobFiles.jobId,
      name: backgroundJobFiles.name,
      contentType: backgroundJobFiles.contentType,
      size: backgroundJobFiles.size,
    })
    .from(backgroundJobFiles)
    .where(
      inArray(
        backgroundJobFiles.jobId,
        rows.map((row) => row.jobId),
      ),
    )
    .orderBy(backgroundJobFiles.id);
  return rows.map((row) =>
    reportInboxItemSchema.parse({
      id: row.id,
      jobId: row.jobId,
      scheduleId: row.scheduleId,
      scheduleName: row.scheduleName,
      reportKey: row.reportKey,
      title: row.title,
      deliveredAt: row.deliveredAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
      files: files
        .filter((file) => file.jobId === row.jobId)
        .map(({ jobId: _jobId, ...file }) => ({ ...file, url: inboxFileUrl(row.id, file) })),
    }),
  );
}

export async function listInbox(
  db: Db,
  userId: number,
  options: { unread?: boolean | undefined; limit: number },
): Promise<ReportInboxItem[]> {
  const rows = await db
    .select()
    .from(reportInbox)
    .where(
      and(eq(reportInbox.userId, userId), options.unread ? isNull(reportInbox.readAt) : undefined),
    )
    .orderBy(desc(reportInbox.id))
    .limit(options.limit);
  return withFiles(db, rows);
}

async function ownItem(db: Db, userId: number, id: number): Promise<InboxRow> {
  const [row] = await db
    .select()
    .from(reportInbox)
    .where(and(eq(reportInbox.id, id), eq(reportInbox.userId, userId)));
  if (!row) throw notFound(`Inbox entry ${id}`);
  return row;
}

export async function markInboxItem(
  db: Db,
  userId: number,
  id: number,
  read: boolean,
  now: Date,
): Promise<ReportInboxItem> {
  const row = await ownItem(db, userId, id);
  const [updated] = await db
    .update(reportInbox)
    .set({ readAt: read ? (row.readAt ?? now) : null })
    .where(eq(reportInbox.id, row.id))
    .returning();
  const [item] = await withFiles(db, [updated!]);
  return item!;
}

/** A file of a delivered report, for the user it was delivered to. */
export async function readInboxFile(db: Db, userId: number, id: number, fileId: number) {
  const row = await ownItem(db, userId, id);
  const file = await readJobFile(db, row.jobId, fileId);
  if (!file) throw notFound(`File ${fileId} of inbox entry ${id}`);
  return file;
}
