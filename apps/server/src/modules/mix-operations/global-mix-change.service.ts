/**
 * Global mix design change (R-MIX-7..R-MIX-14), built like price escalation (R-ESC, ADR 010):
 * `planMixChange` decides every recipe line the change writes, before and after; the preview
 * answers it and the apply writes it, planned again inside the transaction that writes it, with
 * the mixes locked, so what was previewed is what is written. A mix changed since the preview
 * (its version differs) refuses the apply with 409 naming who changed it. The change is stored
 * with every line and version it wrote, so its reversal restores every mix exactly, and is
 * refused (409) when a mix changed since.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  changeRecipe,
  lineChangeOf,
  maxMixesPerChange,
  mixChangeTotals,
  reversedWrites,
  type GlobalMixChange,
  type GlobalMixChangeDetail,
  type MixChangeApply,
  type MixChangeMix,
  type MixChangePreview,
  type MixChangeRequest,
  type MixChangeSkip,
  type MixSelection,
  type RecipeLineWrite,
} from '@dispatch/domain/mixes/mix-design-change';
import type { StoredRecipeLine } from '@dispatch/domain/mixes/mix-recipe';
import { systemTypeIds } from '@dispatch/domain/system-types';
import { recordAudit } from '../../audit/audit-trail';
import type { Db, Tx } from '../../db/client';
import {
  globalMixChangeLines,
  globalMixChangeMixes,
  globalMixChanges,
} from '../../db/schema/mix-operations';
import { plants } from '../../db/schema/plants';
import {
  concreteMixes,
  concreteMixRawMaterials,
  products,
  rawMaterials,
} from '../../db/schema/products';
import { insertAll, chunked } from '../../db/bulk-insert';
import { publish } from '../../dispatch/publish';
import {
  ApiError,
  conflict,
  notFound,
  validationError,
  type FieldProblem,
} from '../../http/api-error';
import type { Actor } from './mix-access';
import { namedChanges, rawMaterialNames, recordHistory } from './mix-history';
import { mixConditions, mixOrder } from './mix-lists.service';
import { publishMixChanged } from './mix-modification.service';

/** Advisory lock of global mix changes: one apply or reversal at a time per database. */
const mixChangeLock = 84_840_301;

type Reader = Db | Tx;

/** The ids the request names that do not exist: 400 naming each field (R-MIX-19). */
async function unknownIds(db: Reader, request: MixChangeRequest): Promise<FieldProblem[]> {
  const selection = request.selection;
  const materialIds = [
    request.rawMaterialId,
    ...(request.replacementRawMaterialId === null ? [] : [request.replacementRawMaterialId]),
    ...(selection.usingRawMaterialId === null ? [] : [selection.usingRawMaterialId]),
  ];
  const [materials, plantRows, mixRows] = await Promise.all([
    db
      .select({ id: rawMaterials.id, inactive: rawMaterials.inactiveFlag })
      .from(rawMaterials)
      .where(inArray(rawMaterials.id, materialIds)),
    selection.plantIds.length
      ? db
          .select({ id: plants.id })
          .from(plants)
          .where(
            and(
              inArray(plants.id, selection.plantIds),
              eq(plants.systemTypeId, systemTypeIds.concrete),
            ),
          )
      : Promise.resolve([]),
    selection.mixIds.length
      ? db
          .select({ id: concreteMixes.id })
          .from(concreteMixes)
          .where(inArray(concreteMixes.id, selection.mixIds))
      : Promise.resolve([]),
  ]);
  const material = new Map(materials.map((row) => [row.id, row]));
  const problems: FieldProblem[] = [];
  const missing = (field: string, noun: string, wanted: readonly number[], known: Set<number>) => {
    const absent = wanted.filter((value) => !known.has(value));
    if (absent.length > 0) {
      problems.push({ field, reason: `no ${noun} has id ${absent.join(', ')}` });
    }
  };
  missing('rawMaterialId', 'raw material', [request.rawMaterialId], new Set(material.keys()));
  if (request.replacementRawMaterialId !== null) {
    const replacement = material.get(request.replacementRawMaterialId);
    if (!replacement) {
      missing(
        'replacementRawMaterialId',
        'raw material',
        [request.replacementRawMaterialId],
        new Set(),
      );
    } else if (replacement.inactive) {
      problems.push({
        field: 'replacementRawMaterialId',
        reason: 'is inactive: choose an active raw material',
      });
    }
  }
  if (selection.usingRawMaterialId !== null) {
    missing(
      'selection.usingRawMaterialId',
      'raw material',
      [selection.usingRawMaterialId],
      new Set(material.keys()),
    );
  }
  missing(
    'selection.plantIds',
    'concrete plant',
    selection.plantIds,
    new Set(plantRows.map((row) => row.id)),
  );
  missing(
    'selection.mixIds',
    'concrete mix',
    selection.mixIds,
    new Set(mixRows.map((row) => row.id)),
  );
  return problems;
}

type PlannedMix = MixChangeMix & {
  writes: RecipeLineWrite[];
  modifiedBy: string;
  modifiedAt: Date;
};

type Plan = {
  mixes: PlannedMix[];
  skipped: MixChangeSkip[];
  unchanged: number;
};

/** The mixes the selection takes that use the raw material, locked when applying. */
async function selectedMixes(db: Reader, request: MixChangeRequest, lock: boolean) {
  const query = db
    .select({
      mixId: concreteMixes.id,
      description: concreteMixes.description,
      productNumber: products.number,
      plantId: concreteMixes.plantId,
      plantName: plants.description,
      strength: concreteMixes.strength,
      version: concreteMixes.version,
      modifiedBy: concreteMixes.modifiedBy,
      modifiedAt: concreteMixes.modifiedAt,
    })
    .from(concreteMixes)
    .innerJoin(products, eq(products.id, concreteMixes.productId))
    .innerJoin(plants, eq(plants.id, concreteMixes.plantId))
    .where(mixConditions(request.selection, request.rawMaterialId))
    .orderBy(...mixOrder)
    .limit(maxMixesPerChange + 1);
  return lock ? query.for('update', { of: concreteMixes }) : query;
}

async function recipesOf(db: Reader, mixIds: readonly number[]) {
  const recipes = new Map<number, StoredRecipeLine[]>();
  for (const part of chunked(mixIds, 1000)) {
    const rows = await db
      .select({
        concreteMixId: concreteMixRawMaterials.concreteMixId,
        rawMaterialId: concreteMixRawMaterials.rawMaterialId,
        quantity: concreteMixRawMaterials.quantity,
        unitOfMeasureId: concreteMixRawMaterials.unitOfMeasureId,
        sequence: concreteMixRawMaterials.sequence,
      })
      .from(concreteMixRawMaterials)
      .where(inArray(concreteMixRawMaterials.concreteMixId, part))
      .orderBy(asc(concreteMixRawMaterials.sequence), asc(concreteMixRawMaterials.rawMaterialId));
    for (const { concreteMixId, ...line } of rows) {
      const lines = recipes.get(concreteMixId) ?? [];
      lines.push(line);
      recipes.set(concreteMixId, lines);
    }
  }
  return recipes;
}

/** R-MIX-9, R-MIX-10: every line the change writes, mix by mix; the preview and the apply's plan. */
async function plan(db: Reader, request: MixChangeRequest, lock = false): Promise<Plan> {
  const problems = await unknownIds(db, request);
  if (problems.length > 0) throw validationError(problems);
  const mixes = await selectedMixes(db, request, lock);
  if (mixes.length > maxMixesPerChange) {
    throw validationError([
      {
        field: 'selection',
        reason: `matches more than ${maxMixesPerChange} mixes: choose plants or narrow the filters`,
      },
    ]);
  }
  const units = await db
    .select({ id: rawMaterials.id, unit: rawMaterials.unitOfMeasureId })
    .from(rawMaterials)
    .where(
      inArray(rawMaterials.id, [
        request.rawMaterialId,
        ...(request.replacementRawMaterialId === null ? [] : [request.replacementRawMaterialId]),
      ]),
    );
  const ownUnits = new Map(units.map((row) => [row.id, row.unit]));
  const recipes = await recipesOf(
    db,
    mixes.map((mix) => mix.mixId),
  );
  const result: Plan = { mixes: [], skipped: [], unchanged: 0 };
  const changed: { mix: (typeof mixes)[number]; writes: RecipeLineWrite[] }[] = [];
  for (const mix of mixes) {
    const outcome = changeRecipe(recipes.get(mix.mixId) ?? [], request, ownUnits);
    if (outcome.kind === 'changed') changed.push({ mix, writes: outcome.writes });
    else if (outcome.kind === 'unchanged') result.unchanged += 1;
    else {
      result.skipped.push({
        mixId: mix.mixId,
        description: mix.description,
        plantName: mix.plantName,
        reason: outcome.reason,
      });
    }
  }
  const names = await rawMaterialNames(
    db,
    changed.flatMap(({ writes }) => writes.map((write) => write.rawMaterialId)),
  );
  result.mixes = changed.map(({ mix, writes }) => ({
    mixId: mix.mixId,
    description: mix.description,
    productNumber: mix.productNumber,
    plantId: mix.plantId,
    plantName: mix.plantName,
    strength: mix.strength,
    version: mix.version,
    modifiedBy: mix.modifiedBy ?? '',
    modifiedAt: mix.modifiedAt,
    writes,
    lines: namedChanges(writes.map(lineChangeOf), names),
  }));
  return result;
}

/** R-MIX-10: the preview: what apply would write, mix by mix, line by line, with counts. */
export async function planMixChange(
  db: Reader,
  request: MixChangeRequest,
): Promise<MixChangePreview> {
  const planned = await plan(db, request);
  const mixes = planned.mixes.map(({ writes: _w, modifiedBy: _b, modifiedAt: _a, ...mix }) => mix);
  return {
    totals: mixChangeTotals(mixes, planned.unchanged, planned.skipped.length),
    mixes,
    skipped: planned.skipped,
  };
}

/** 409 naming who changed a mix since it was read, and when (R-CONC-1). */
function changedSince(
  mix: { description: string; version: number; modifiedBy: string | null; modifiedAt: Date },
  since: string,
  advice: string,
): ApiError {
  const who = mix.modifiedBy || 'someone else';
  const when = mix.modifiedAt.toISOString();
  return new ApiError(
    'conflict',
    `Concrete mix ${mix.description} was changed by ${who} at ${when} since ${since}. ${advice}`,
    {
      code: 'stale_version',
      data: { currentVersion: mix.version, modifiedBy: who, modifiedAt: when },
    },
  );
}

async function currentMixes(tx: Tx, ids: readonly number[]) {
  const rows = [];
  for (const part of chunked(ids, 1000)) {
    rows.push(
      ...(await tx
        .select({
          id: concreteMixes.id,
          description: concreteMixes.description,
          version: concreteMixes.version,
          modifiedBy: concreteMixes.modifiedBy,
          modifiedAt: concreteMixes.modifiedAt,
        })
        .from(concreteMixes)
        .where(inArray(concreteMixes.id, part))
        .for('update')),
    );
  }
  return new Map(rows.map((row) => [row.id, row]));
}

/** R-MIX-11: the previewed versions must be the mixes' versions now, and the mixes the same. */
async function checkPreviewed(tx: Tx, planned: Plan, versions: MixChangeApply['versions']) {
  const previewed = new Map(versions.map((each) => [each.mixId, each.version]));
  const now = await currentMixes(tx, [...previewed.keys()]);
  for (const [mixId, version] of previewed) {
    const mix = now.get(mixId);
    if (mix && mix.version !== version) {
      throw changedSince(mix, 'your preview', 'Preview again to see their change, then apply.');
    }
  }
  const planIds = new Set(planned.mixes.map((mix) => mix.mixId));
  const stale = (description: string, what: string) =>
    new ApiError(
      'conflict',
      `Concrete mix ${description} ${what} since your preview. Preview again, then apply.`,
      { code: 'preview_stale' },
    );
  for (const mix of planned.mixes) {
    if (!previewed.has(mix.mixId)) throw stale(mix.description, 'falls under this change');
  }
  for (const mixId of previewed.keys()) {
    if (!planIds.has(mixId)) {
      throw stale(now.get(mixId)?.description ?? `#${mixId}`, 'no longer falls under this change');
    }
  }
}

/** Deletes the lines the writes touch, then inserts what each leaves (after). */
async function writeLines(tx: Tx, writes: readonly (RecipeLineWrite & { mixId: number })[]) {
  for (const part of chunked(writes, 1000)) {
    const pairs = part.map((write) => sql`(${write.mixId}, ${write.rawMaterialId})`);
    await tx
      .delete(concreteMixRawMaterials)
      .where(
        sql`(${concreteMixRawMaterials.concreteMixId}, ${concreteMixRawMaterials.rawMaterialId}) in (${sql.join(pairs, sql`, `)})`,
      );
  }
  await insertAll(
    tx,
    concreteMixRawMaterials,
    writes.flatMap((write) =>
      write.after
        ? [
            {
              concreteMixId: write.mixId,
              rawMaterialId: write.after.rawMaterialId,
              quantity: write.after.quantity,
              unitOfMeasureId: write.after.unitOfMeasureId,
              sequence: write.after.sequence,
            },
          ]
        : [],
    ),
  );
}

/** Every mix's version bumped, as written by the actor; answers the new versions. */
async function bumpVersions(tx: Tx, ids: readonly number[], actor: Actor) {
  const versions = new Map<number, number>();
  for (const part of chunked(ids, 1000)) {
    const rows = await tx
      .update(concreteMixes)
      .set({
        version: sql`${concreteMixes.version} + 1`,
        modifiedAt: actor.now,
        modifiedBy: actor.username,
      })
      .where(inArray(concreteMixes.id, part))
      .returning({ id: concreteMixes.id, version: concreteMixes.version });
    for (const row of rows) versions.set(row.id, row.version);
  }
  return versions;
}

async function publishChange(tx: Tx, changeId: number, action: 'created' | 'updated', by: string) {
  await publish(tx, {
    name: 'resourceChanged_v1',
    data: { resource: 'globalMixChanges', id: changeId, action, version: null, by },
  });
}

/**
 * R-MIX-11, R-MIX-12: plans again and writes in one transaction: the recipes, the mixes' versions,
 * the change with every line and version it wrote, each mix's history, the audit row, the events.
 */
export async function applyMixChange(
  db: Db,
  body: MixChangeApply,
  actor: Actor,
): Promise<GlobalMixChangeDetail> {
  const { versions, ...request } = body;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${mixChangeLock}::int, 0)`);
    const planned = await plan(tx, request, true);
    // Versions are at least one, so a plan with no mix always differs from the preview.
    await checkPreviewed(tx, planned, versions);
    const writes = planned.mixes.flatMap((mix) =>
      mix.writes.map((write) => ({ ...write, mixId: mix.mixId })),
    );
    const [stored] = await tx
      .insert(globalMixChanges)
      .values({
        action: request.action,
        rawMaterialId: request.rawMaterialId,
        replacementRawMaterialId: request.replacementRawMaterialId,
        factor: request.factor,
        percent: request.percent,
        quantity: request.quantity,
        selection: request.selection,
        description: request.description || null,
        appliedAt: actor.now,
        appliedBy: actor.username,
        mixCount: planned.mixes.length,
        lineCount: writes.length,
      })
      .returning({ id: globalMixChanges.id });
    const changeId = stored!.id;
    await writeLines(tx, writes);
    const after = await bumpVersions(
      tx,
      planned.mixes.map((mix) => mix.mixId),
      actor,
    );
    await insertAll(
      tx,
      globalMixChangeMixes,
      planned.mixes.map((mix) => ({
        changeId,
        concreteMixId: mix.mixId,
        versionBefore: mix.version,
        versionAfter: after.get(mix.mixId)!,
      })),
    );
    await insertAll(
      tx,
      globalMixChangeLines,
      writes.map((write) => ({
        changeId,
        concreteMixId: write.mixId,
        rawMaterialId: write.rawMaterialId,
        quantityBefore: write.before?.quantity ?? null,
        quantityAfter: write.after?.quantity ?? null,
        unitBefore: write.before?.unitOfMeasureId ?? null,
        unitAfter: write.after?.unitOfMeasureId ?? null,
        sequenceBefore: write.before?.sequence ?? null,
        sequenceAfter: write.after?.sequence ?? null,
      })),
    );
    await recordHistory(
      tx,
      planned.mixes.map((mix) => ({
        concreteMixId: mix.mixId,
        at: actor.now,
        username: actor.username,
        source: 'globalChange',
        globalMixChangeId: changeId,
        note: request.description,
        lines: mix.writes.map(lineChangeOf),
      })),
    );
    const detail = (await readMixChangeDetail(tx, changeId))!;
    await recordAudit(tx, {
      username: actor.username,
      at: actor.now,
      resource: 'globalMixChanges',
      recordId: changeId,
      action: 'applied',
      before: null,
      after: detail,
    });
    await publishMixChanged(
      tx,
      [...after].map(([id, version]) => ({ id, version })),
      actor.username,
    );
    await publishChange(tx, changeId, 'created', actor.username);
    return detail;
  });
}

/** The lines a stored change wrote, as writes, by mix. */
async function storedWrites(tx: Tx, changeId: number) {
  const rows = await tx
    .select()
    .from(globalMixChangeLines)
    .where(eq(globalMixChangeLines.changeId, changeId))
    .orderBy(asc(globalMixChangeLines.id));
  const line = (
    rawMaterialId: number,
    quantity: number | null,
    unitOfMeasureId: number | null,
    sequence: number | null,
  ): StoredRecipeLine | null =>
    quantity === null
      ? null
      : { rawMaterialId, quantity, unitOfMeasureId, sequence: sequence ?? 0 };
  return rows.map((row) => ({
    mixId: row.concreteMixId,
    rawMaterialId: row.rawMaterialId,
    before: line(row.rawMaterialId, row.quantityBefore, row.unitBefore, row.sequenceBefore),
    after: line(row.rawMaterialId, row.quantityAfter, row.unitAfter, row.sequenceAfter),
  }));
}

/**
 * R-MIX-13: every line the change wrote back as it was, in one transaction, audited and in each
 * mix's history. Refused (409) when it was reversed already, or when any of its mixes changed
 * since (its version is not the one the change left): undoing would undo that change too.
 */
export async function reverseMixChange(
  db: Db,
  changeId: number,
  actor: Actor,
): Promise<GlobalMixChangeDetail> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${mixChangeLock}::int, 0)`);
    const before = await readMixChangeDetail(tx, changeId);
    if (!before) throw notFound(`Global mix design change ${changeId}`);
    if (before.reversedAt !== null) {
      throw conflict(
        `Global mix design change ${changeId} was already reversed by ${before.reversedBy} at ${before.reversedAt}.`,
      );
    }
    const left = await tx
      .select({
        mixId: globalMixChangeMixes.concreteMixId,
        version: globalMixChangeMixes.versionAfter,
      })
      .from(globalMixChangeMixes)
      .where(eq(globalMixChangeMixes.changeId, changeId));
    const now = await currentMixes(
      tx,
      left.map((mix) => mix.mixId),
    );
    for (const mix of left) {
      const current = now.get(mix.mixId);
      if (current && current.version !== mix.version) {
        throw changedSince(
          current,
          'this change',
          'Reversing it would undo their change too: change the mix by hand instead.',
        );
      }
    }
    const writes = (await storedWrites(tx, changeId)).map((write) => ({
      ...reversedWrites([write])[0]!,
      mixId: write.mixId,
    }));
    await writeLines(tx, writes);
    const versions = await bumpVersions(
      tx,
      left.map((mix) => mix.mixId),
      actor,
    );
    const byMix = new Map<number, typeof writes>();
    for (const write of writes) byMix.set(write.mixId, [...(byMix.get(write.mixId) ?? []), write]);
    await recordHistory(
      tx,
      [...byMix].map(([mixId, mixWrites]) => ({
        concreteMixId: mixId,
        at: actor.now,
        username: actor.username,
        source: 'globalChangeReversal',
        globalMixChangeId: changeId,
        lines: mixWrites.map(lineChangeOf),
      })),
    );
    await tx
      .update(globalMixChanges)
      .set({ reversedAt: actor.now, reversedBy: actor.username })
      .where(eq(globalMixChanges.id, changeId));
    const after = (await readMixChangeDetail(tx, changeId))!;
    await recordAudit(tx, {
      username: actor.username,
      at: actor.now,
      resource: 'globalMixChanges',
      recordId: changeId,
      action: 'reversed',
      before,
      after,
    });
    await publishMixChanged(
      tx,
      [...versions].map(([id, version]) => ({ id, version })),
      actor.username,
    );
    await publishChange(tx, changeId, 'updated', actor.username);
    return after;
  });
}

const changeColumns = {
  id: globalMixChanges.id,
  action: globalMixChanges.action,
  rawMaterialId: globalMixChanges.rawMaterialId,
  replacementRawMaterialId: globalMixChanges.replacementRawMaterialId,
  factor: globalMixChanges.factor,
  percent: globalMixChanges.percent,
  quantity: globalMixChanges.quantity,
  selection: globalMixChanges.selection,
  description: globalMixChanges.description,
  appliedAt: globalMixChanges.appliedAt,
  appliedBy: globalMixChanges.appliedBy,
  reversedAt: globalMixChanges.reversedAt,
  reversedBy: globalMixChanges.reversedBy,
  mixCount: globalMixChanges.mixCount,
  lineCount: globalMixChanges.lineCount,
};

const selectChanges = (db: Reader) => db.select(changeColumns).from(globalMixChanges);
type StoredChange = Awaited<ReturnType<typeof selectChanges>>[number];

async function toViews(db: Reader, rows: readonly StoredChange[]): Promise<GlobalMixChange[]> {
  const names = await rawMaterialNames(
    db,
    rows.flatMap((row) => [
      row.rawMaterialId,
      ...(row.replacementRawMaterialId ? [row.replacementRawMaterialId] : []),
    ]),
  );
  const named = (id: number) => ({
    id,
    code: names.get(id)?.code ?? '',
    description: names.get(id)?.description ?? `#${id}`,
  });
  return rows.map((row) => ({
    id: row.id,
    action: row.action as GlobalMixChange['action'],
    rawMaterial: named(row.rawMaterialId),
    replacement: row.replacementRawMaterialId === null ? null : named(row.replacementRawMaterialId),
    factor: row.factor,
    percent: row.percent,
    quantity: row.quantity,
    selection: row.selection as MixSelection,
    description: row.description ?? '',
    appliedAt: row.appliedAt.toISOString(),
    appliedBy: row.appliedBy,
    reversedAt: row.reversedAt?.toISOString() ?? null,
    reversedBy: row.reversedBy ?? '',
    mixCount: row.mixCount,
    lineCount: row.lineCount,
  }));
}

/** R-MIX-12: the applied changes, newest first. */
export async function listMixChanges(
  db: Reader,
  page: { offset: number; limit: number },
): Promise<{ rows: GlobalMixChange[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    selectChanges(db)
      .orderBy(desc(globalMixChanges.appliedAt), desc(globalMixChanges.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ count: count() }).from(globalMixChanges),
  ]);
  return { rows: await toViews(db, rows), count: total?.count ?? 0 };
}

/** One applied change with every mix and line it wrote. */
export async function readMixChangeDetail(
  db: Reader,
  changeId: number,
): Promise<GlobalMixChangeDetail | undefined> {
  const [row] = await selectChanges(db).where(eq(globalMixChanges.id, changeId));
  if (!row) return undefined;
  const [view] = await toViews(db, [row]);
  const mixes = await db
    .select({
      mixId: globalMixChangeMixes.concreteMixId,
      description: concreteMixes.description,
      productNumber: products.number,
      plantId: concreteMixes.plantId,
      plantName: plants.description,
      strength: concreteMixes.strength,
      version: globalMixChangeMixes.versionAfter,
    })
    .from(globalMixChangeMixes)
    .innerJoin(concreteMixes, eq(concreteMixes.id, globalMixChangeMixes.concreteMixId))
    .innerJoin(products, eq(products.id, concreteMixes.productId))
    .innerJoin(plants, eq(plants.id, concreteMixes.plantId))
    .where(eq(globalMixChangeMixes.changeId, changeId))
    .orderBy(...mixOrder);
  const lines = await db
    .select()
    .from(globalMixChangeLines)
    .where(eq(globalMixChangeLines.changeId, changeId))
    .orderBy(asc(globalMixChangeLines.id));
  const names = await rawMaterialNames(
    db,
    lines.map((line) => line.rawMaterialId),
  );
  const byMix = new Map<number, typeof lines>();
  for (const line of lines)
    byMix.set(line.concreteMixId, [...(byMix.get(line.concreteMixId) ?? []), line]);
  return {
    ...view!,
    mixes: mixes.map((mix) => ({
      ...mix,
      lines: namedChanges(
        (byMix.get(mix.mixId) ?? []).map((line) => ({
          rawMaterialId: line.rawMaterialId,
          quantityBefore: line.quantityBefore,
          quantityAfter: line.quantityAfter,
          unitBefore: line.unitBefore,
          unitAfter: line.unitAfter,
        })),
        names,
      ),
    })),
  };
}
