/**
 * An audit list as CSV (R-AUDIT-5, R-OAUD-2): one line per changed field, the entry's own columns
 * first; an entry that changed no field has one line with empty field columns. A byte-order mark
 * tells Excel the file is UTF-8 (names with accents survive).
 */
import { csvFile } from '@dispatch/domain/files/csv';
import type { FastifyReply } from 'fastify';
import { auditValueText, type AuditChange } from '@dispatch/domain/audit/audit-trail';

export async function auditCsv<Entry extends { changes: readonly AuditChange[] }>(
  entries: AsyncIterable<Entry>,
  columns: {
    /** The entry's columns, then Field, Before and After. */
    readonly header: readonly string[];
    readonly entry: (entry: Entry) => string[];
    readonly field: (change: Entry['changes'][number]) => string;
  },
): Promise<string> {
  const lines: string[][] = [];
  for await (const entry of entries) {
    const head = columns.entry(entry);
    if (entry.changes.length === 0) lines.push([...head, '', '', '']);
    for (const change of entry.changes) {
      lines.push([
        ...head,
        columns.field(change),
        auditValueText(change.before, change.beforeLabel),
        auditValueText(change.after, change.afterLabel),
      ]);
    }
  }
  return csvFile([[...columns.header], ...lines]);
}

/** The CSV as a download: `attachment`, so the browser saves it under `fileName`. */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);
}
