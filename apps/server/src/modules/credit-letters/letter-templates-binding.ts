/**
 * Letter templates on the resource engine (R-CREDIT-6, ADR 009): their table, and every change
 * written to the audit trail in the write's transaction (R-AUDIT-1), though the templates are not
 * an administrators' lookup.
 */
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../audit/audit-trail';
import { letterTemplates } from '../../db/schema/credit-letters';
import type { ResourceBinding } from '../../resources/resource-binding';

export const letterTemplatesBinding: ResourceBinding = {
  table: letterTemplates,
  async afterWrite(tx, id, action, written) {
    const [row] = await tx.select().from(letterTemplates).where(eq(letterTemplates.id, id));
    const after = row
      ? {
          ...row,
          modifiedAt: row.modifiedAt.toISOString(),
          modifiedBy: row.modifiedBy ?? '',
          labels: {},
        }
      : null;
    await recordAudit(tx, {
      username: row?.modifiedBy ?? '',
      at: written?.now ?? new Date(),
      resource: 'letterTemplates',
      recordId: id,
      action,
      before: written?.before ?? null,
      after,
    });
  },
};
