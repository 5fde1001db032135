/**
 * A mix's history (R-MIX-5): every change to its recipe or design, written in the transaction that
 * makes it, whichever screen made it: mix modification, a global mix design change or its
 * reversal, or the concrete product screen (through the resource engine's afterWrite).
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import {
  mixDesignFields,
  recipeChanges,
  recipeReordered,
  type DesignChange,
  type MixHistoryEntry,
  type MixHistorySource,
  type RecipeLineChange,
  type StoredLineChange,
  type StoredRecipeLine,
} from '@dispatch/domain/mixes/mix-recipe';
import type { Db, Tx } from '../../db/client';
import { concreteMixHistory } from '../../db/schema/mix-operations';
import { concreteMixes, concreteMixRawMaterials, rawMaterials } from '../../db/schema/products';
import { insertAll } from '../../db/bulk-insert';
import type { WrittenRecord } from '../../resources/resource-binding';

type Reader = Db | Tx;

export type HistoryRecord = {
  concreteMixId: number;
  at: Date;
  username: string;
  source: MixHistorySource;
  globalMixChangeId?: number | null;
  note?: string;
  reordered?: boolean;
  lines: StoredLineChange[];
  design?: DesignChange[];
};

export async function recordHistory(tx: Tx, records: readonly HistoryRecord[]): Promise<void> {
  await insertAll(
    tx,
    concreteMixHistory,
    records.map((record) => ({
      concreteMixId: record.concreteMixId,
      at: record.at,
      username: record.username,
      source: record.source,
      globalMixChangeId: record.globalMixChangeId ?? null,
      note: record.note || null,
      reordered: record.reordered ?? false,
      lines: record.lines,
      design: record.design ?? [],
    })),
  );
}

/** Code and description of each raw material, for lines stored by id. */
export async function rawMaterialNames(
  db: Reader,
  ids: Iterable<number>,
): Promise<Map<number, { code: string; description: string }>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: rawMaterials.id, code: rawMaterials.code, description: rawMaterials.description })
    .from(rawMaterials)
    .where(inArray(rawMaterials.id, wanted));
  return new Map(rows.map((row) => [row.id, { code: row.code, description: row.description }]));
}

export function namedChanges(
  lines: readonly StoredLineChange[],
  names: ReadonlyMap<number, { code: string; description: string }>,
): RecipeLineChange[] {
  return lines.map((line) => ({
    ...line,
    code: names.get(line.rawMaterialId)?.code ?? '',
    description: names.get(line.rawMaterialId)?.description ?? `#${line.rawMaterialId}`,
  }));
}

/** The mix's history, newest first. */
export async function readHistory(
  db: Reader,
  mixId: number,
  limit = 200,
): Promise<MixHistoryEntry[]> {
  const rows = await db
    .select()
    .from(concreteMixHistory)
    .where(eq(concreteMixHistory.concreteMixId, mixId))
    .orderBy(desc(concreteMixHistory.at), desc(concreteMixHistory.id))
    .limit(limit);
  const stored = rows.map((row) => ({ row, lines: row.lines as StoredLineChange[] }));
  const names = await rawMaterialNames(
    db,
    stored.flatMap(({ lines }) => lines.map((line) => line.rawMaterialId)),
  );
  return stored.map(({ row, lines }) => ({
    id: row.id,
    at: row.at.toISOString(),
    username: row.username,
    source: row.source as MixHistorySource,
    globalChangeId: row.globalMixChangeId,
    note: row.note ?? '',
    reordered: row.reordered,
    lines: namedChanges(lines, names),
    design: row.design as DesignChange[],
  }));
}

/** A mix's recipe as stored, in batching order. */
export async function storedRecipe(db: Reader, mixId: number): Promise<StoredRecipeLine[]> {
  return db
    .select({
      rawMaterialId: concreteMixRawMaterials.rawMaterialId,
      quantity: concreteMixRawMaterials.quantity,
      unitOfMeasureId: concreteMixRawMaterials.unitOfMeasureId,
      sequence: concreteMixRawMaterials.sequence,
    })
    .from(concreteMixRawMaterials)
    .where(eq(concreteMixRawMaterials.concreteMixId, mixId))
    .orderBy(asc(concreteMixRawMaterials.sequence), asc(concreteMixRawMaterials.rawMaterialId));
}

/** The recipe rows of a record as the resource engine answers it (each row's id is its raw material). */
function answeredRecipe(record: Readonly<Record<string, unknown>> | null): StoredRecipeLine[] {
  const rows = (record?.rawMaterials ?? []) as Record<string, unknown>[];
  return rows.map((row) => ({
    rawMaterialId: Number(row.rawMaterialId),
    quantity: Number(row.quantity),
    unitOfMeasureId: row.unitOfMeasureId === null ? null : Number(row.unitOfMeasureId),
    sequence: Number(row.sequence ?? 0),
  }));
}

/** The engine answers empty text as '' where the table holds null: the same value. */
const comparable = (value: unknown) => (value === '' || value === undefined ? null : value);
const sameValue = (a: unknown, b: unknown) => comparable(a) === comparable(b);

/**
 * R-MIX-5: the resource engine's afterWrite for concrete mixes. A mix saved on the concrete
 * product screen gets a history entry naming its changed lines and design values; a save that
 * changed neither gets none.
 */
export async function recordMaintenanceHistory(
  tx: Tx,
  id: number,
  action: 'created' | 'updated' | 'deactivated' | 'deleted',
  written: WrittenRecord | undefined,
): Promise<void> {
  if (action === 'deleted' || !written) return;
  const [mix] = await tx.select().from(concreteMixes).where(eq(concreteMixes.id, id));
  if (!mix) return;
  const before = answeredRecipe(written.before);
  const after = await storedRecipe(tx, id);
  const lines = recipeChanges(before, after);
  const reordered = recipeReordered(before, after);
  const design: DesignChange[] =
    written.before === null
      ? []
      : mixDesignFields.flatMap((field) => {
          const was = written.before![field];
          const now = (mix as Record<string, unknown>)[field];
          return sameValue(was, now)
            ? []
            : [{ field, before: comparable(was), after: comparable(now) }];
        });
  if (lines.length === 0 && design.length === 0 && !reordered) return;
  await recordHistory(tx, [
    {
      concreteMixId: id,
      at: written.now,
      username: mix.modifiedBy ?? '',
      source: 'maintenance',
      reordered,
      lines,
      design,
    },
  ]);
}
