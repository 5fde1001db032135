/**
 * The audit trail (R-AUDIT-1): every administrative change is written in the transaction that
 * makes it, so a change is recorded if and only if it committed. Values are records as the API
 * answers them: write-only values (passwords, national identifiers) are never among them.
 */
import type { Db, Tx } from '../db/client';
import { auditTrail } from '../db/schema/audit';

export type AuditEntry = {
  username: string;
  at: Date;
  /** The resource name, or the name of what changed (systemParameters, sessions, ...). */
  resource: string;
  recordId: string | number;
  action: string;
  before: unknown;
  after: unknown;
};

export async function recordAudit(tx: Tx | Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditTrail).values(auditRow(entry));
}

/** An audit entry as its row is written (for a write that sends it with its event, in one statement). */
export function auditRow(entry: AuditEntry): typeof auditTrail.$inferInsert {
  return {
    at: entry.at,
    username: entry.username,
    resource: entry.resource,
    recordId: String(entry.recordId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}
