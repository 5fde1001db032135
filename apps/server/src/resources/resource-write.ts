/**
 * Writing any resource: create, update with the version read, and delete (deactivate when the
 * record has an inactive flag). Each write is one transaction that publishes its live events, so
 * an event exists if and only if the write committed (R-LIVE-1).
 */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import {
  childDefaults,
  priceFieldsOf,
  recordLabel,
  recordProblems,
  creatableFields,
  writableFields,
  type ResourceDefinition,
} from '@dispatch/domain/resources/define';
import { isTextKind, type Field } from '@dispatch/domain/resources/field';
import type { ResourceChange } from '@dispatch/domain/dispatch/dispatch-events';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { resourceDefinitions } from '@dispatch/domain/resources/registry';
import type { Db, Tx } from '../db/client';
import { publish } from '../dispatch/publish';
import { recordAudit } from '../audit/audit-trail';
import { ApiError, notFound, validationError } from '../http/api-error';
import { apiErrorOf, writing } from '../http/database-errors';
import { bindingOf, columnsOf, getResource, tableNameOf, type AnswerRow } from './resource-read';
import type { Env } from '../env';
import {
  resourceTables,
  type PendingWrite,
  type ScopeContext,
  type WrittenRecord,
} from './resource-tables';

export type Writer = {
  username: string;
  flags: PermissionFlags;
  now: Date;
  context: ScopeContext;
  /** The server's configuration, for bindings whose prepareWrite needs it (R-NATID-1). */
  env?: Env;
};

type Values = Record<string, unknown>;

/** Text '' is stored as null: "none" has one spelling in the database. */
function storedValue(field: Field, value: unknown): unknown {
  if (isTextKind(field.kind) && value === '') return null;
  return value;
}

function storedFields(
  fields: Readonly<Record<string, Field>>,
  body: Values,
  which: 'create' | 'update' = 'update',
): Values {
  const values: Values = {};
  // A create may also set the create-only fields (a job made in order entry, R-ORD-22).
  for (const [name, field] of (which === 'create' ? creatableFields : writableFields)(fields)) {
    if (body[name] !== undefined) values[name] = storedValue(field, body[name]);
  }
  return values;
}

function samePrice(sent: unknown, stored: unknown): boolean {
  if (sent === stored) return true;
  if (typeof sent === 'number' && typeof stored === 'number') return Math.abs(sent - stored) < 1e-9;
  return (sent ?? null) === (stored ?? null);
}

/**
 * R-PERM-6 on writes. A level that hides prices may not send them; a level that shows them
 * read-only may send them back unchanged (a record as answered can be sent back, R-RES-10)
 * but not change them. `stored` is the record as it is now (null for a create: defaults).
 */
function checkPrices(
  definition: ResourceDefinition,
  body: Values,
  stored: AnswerRow | null,
  flags: PermissionFlags,
): void {
  if (!flags.hidePrice && !flags.disablePrice) return;
  const changed: string[] = [];
  const prices = new Set(priceFieldsOf(definition));
  const compare = (
    values: Values,
    current: Values | undefined,
    fields: Readonly<Record<string, Field>>,
    path: string,
  ) => {
    for (const name of Object.keys(values)) {
      if (!prices.has(name) || values[name] === undefined) continue;
      const before = current ? current[name] : fields[name]?.schema.safeParse(undefined).data;
      if (flags.hidePrice || !samePrice(values[name], before ?? null))
        changed.push(`${path}${name}`);
    }
  };
  compare(body, stored ?? undefined, definition.fields, '');
  for (const [key, child] of Object.entries(definition.children)) {
    const rows = body[key];
    if (!Array.isArray(rows)) continue;
    const storedRows = (stored?.[key] as Values[] | undefined) ?? [];
    rows.forEach((row: Values, index) => {
      const current = storedRows.find((candidate) => candidate.id === row.id);
      compare(row, current, child.fields, `${key}[${index}].`);
    });
  }
  if (changed.length > 0) {
    throw new ApiError('permission', `You may not change prices (${changed.join(', ')}).`, {
      data: changed.map((field) => ({ field, reason: 'prices are read-only for you' })),
    });
  }
}

async function writeChildren(
  tx: Tx,
  definition: ResourceDefinition,
  parentId: number,
  body: Values,
  isNew: boolean,
): Promise<void> {
  const binding = bindingOf(definition);
  for (const [key, child] of Object.entries(definition.children)) {
    const rows = body[key];
    const childBinding = binding.children?.[key];
    if (!Array.isArray(rows) || !childBinding) continue;
    const table = childBinding.table;
    const parentKey = columnsOf(table)[childBinding.parentKey]!;
    if (childBinding.rowKey) {
      // No id column (ChildBinding.rowKey): the rows sent replace the parent's rows.
      if (!isNew) await tx.delete(table).where(eq(parentKey, parentId));
      const values = (rows as Values[]).map((row) => ({
        ...storedFields(child.fields, childDefaults(child)),
        ...storedFields(child.fields, row),
        [childBinding.parentKey]: parentId,
      }));
      if (values.length > 0) await tx.insert(table).values(values);
      continue;
    }
    const id = columnsOf(table).id!;
    const kept = rows.flatMap((row: Values) => (typeof row.id === 'number' ? [row.id] : []));
    if (!isNew) {
      await tx
        .delete(table)
        .where(and(eq(parentKey, parentId), kept.length ? notInArray(id, kept) : undefined));
    }
    for (const row of rows as Values[]) {
      const values = storedFields(child.fields, row);
      if (typeof row.id === 'number' && !isNew) {
        const belongs = and(eq(id, row.id), eq(parentKey, parentId));
        const updated =
          Object.keys(values).length === 0
            ? await tx.select({ id }).from(table).where(belongs)
            : await tx
                .update(table)
                .set(values as never)
                .where(belongs)
                .returning({ id });
        if (updated.length === 1) continue;
        throw new ApiError('validation', `${key}: row ${row.id} does not belong to this record.`, {
          data: [{ field: key, reason: `row ${row.id} does not belong to this record` }],
        });
      }
      const filled = { ...storedFields(child.fields, childDefaults(child)), ...values };
      await tx.insert(table).values({ ...filled, [childBinding.parentKey]: parentId } as never);
    }
  }
}

/** The definition's rules and the binding's server checks, on the record as it would be saved. */
async function checkRecord(
  tx: Tx,
  definition: ResourceDefinition,
  record: Values,
  context: ScopeContext,
): Promise<void> {
  const problems = [...recordProblems(definition, record)];
  const check = bindingOf(definition).check;
  if (check) problems.push(...(await check(tx, record, context)));
  if (problems.length > 0) throw validationError(problems);
}

/**
 * Publishes the change, runs the binding's afterWrite, and answers the record as it now is; an
 * administrators' resource (lookups, users, groups) records the change in the audit trail too.
 */
async function publishChange(
  tx: Tx,
  definition: ResourceDefinition,
  change: Omit<ResourceChange, 'resource'>,
  written: WrittenRecord,
): Promise<AnswerRow | null> {
  await publish(tx, { name: 'resourceChanged_v1', data: { resource: definition.name, ...change } });
  await bindingOf(definition).afterWrite?.(tx, change.id, change.action, written);
  const after =
    change.action === 'deleted' ? null : ((await getResource(tx, definition, change.id)) ?? null);
  if (definition.admin) {
    await recordAudit(tx, {
      username: change.by,
      at: written.now,
      resource: definition.name,
      recordId: change.id,
      action: change.action,
      before: written.before,
      after,
    });
  }
  return after;
}

/** The binding's prepareWrite (write-only values, derived columns), on the values to store. */
async function prepare(
  tx: Tx,
  definition: ResourceDefinition,
  write: Omit<PendingWrite, 'env' | 'now'>,
  writer: Writer,
): Promise<void> {
  await bindingOf(definition).prepareWrite?.(tx, { ...write, env: writer.env, now: writer.now });
}

/** The table a database refusal names, as the resource a user knows it by. */
function resourceOfTable(tableName: string | undefined): ResourceDefinition | undefined {
  return resourceDefinitions.find((candidate) => {
    const binding = resourceTables[candidate.name];
    return binding && tableNameOf(binding.table) === tableName;
  });
}

export async function createResource(
  db: Db,
  definition: ResourceDefinition,
  body: Values,
  writer: Writer,
): Promise<AnswerRow> {
  checkPrices(definition, body, null, writer.flags);
  const binding = bindingOf(definition);
  return writing(() =>
    db.transaction(async (tx) => {
      await checkRecord(tx, definition, { ...body, ...binding.fixed }, writer.context);
      const values: Values = {
        ...storedFields(definition.fields, body, 'create'),
        ...binding.fixed,
        modifiedBy: writer.username,
      };
      if (definition.givenId) values.id = body.id;
      await prepare(tx, definition, { id: null, current: null, body, values }, writer);
      const [created] = await tx
        .insert(binding.table)
        .values(values as never)
        .returning({ id: binding.table.id, version: binding.table.version });
      const id = Number(created!.id);
      await writeChildren(tx, definition, id, body, true);
      return (await publishChange(
        tx,
        definition,
        { id, action: 'created', version: Number(created!.version), by: writer.username },
        { before: null, now: writer.now },
      ))!;
    }),
  );
}

/** 409 naming who changed the record and when (R-CONC-1). */
export function staleVersion(definition: ResourceDefinition, current: AnswerRow): ApiError {
  const who =
    typeof current.modifiedBy === 'string' && current.modifiedBy !== ''
      ? current.modifiedBy
      : 'someone else';
  const when = String(current.modifiedAt);
  return new ApiError(
    'conflict',
    `${definition.singular} ${recordLabel(definition, current)} was changed by ${who} at ${when} since you opened it. Reload it to see their change, then make yours again.`,
    {
      code: 'stale_version',
      data: { currentVersion: current.version, modifiedBy: who, modifiedAt: when },
    },
  );
}

export async function updateResource(
  db: Db,
  definition: ResourceDefinition,
  id: number,
  body: Values & { version: number },
  writer: Writer,
): Promise<AnswerRow> {
  const binding = bindingOf(definition);
  const modifiedAtKey = binding.modifiedAtKey ?? 'modifiedAt';
  return writing(() =>
    db.transaction(async (tx) => {
      const current = await getResource(tx, definition, id, writer.context);
      if (!current) throw notFound(`${definition.singular} ${id}`);
      if (current.version !== body.version) throw staleVersion(definition, current);
      checkPrices(definition, body, current, writer.flags);
      const changes = Object.fromEntries(
        Object.entries(body).filter(([, value]) => value !== undefined),
      );
      await checkRecord(tx, definition, { ...current, ...changes }, writer.context);
      const values: Values = {
        ...storedFields(definition.fields, body),
        version: sql`${binding.table.version} + 1`,
        [modifiedAtKey]: writer.now,
        modifiedBy: writer.username,
      };
      await prepare(tx, definition, { id, current, body, values }, writer);
      const [updated] = await tx
        .update(binding.table)
        .set(values as never)
        .where(and(eq(binding.table.id, id), eq(binding.table.version, body.version)))
        .returning({ version: binding.table.version });
      // Another write committed between the read and this update.
      if (!updated) throw staleVersion(definition, (await getResource(tx, definition, id))!);
      await writeChildren(tx, definition, id, body, false);
      return (await publishChange(
        tx,
        definition,
        { id, action: 'updated', version: Number(updated.version), by: writer.username },
        { before: current, now: writer.now },
      ))!;
    }),
  );
}

/**
 * Deactivates a record that has an inactive flag (its history keeps pointing at it); removes one
 * that has none, unless other records still refer to it (409 naming them, R-RES-7).
 */
export async function deleteResource(
  db: Db,
  definition: ResourceDefinition,
  id: number,
  version: number | undefined,
  writer: Writer,
): Promise<AnswerRow | null> {
  const binding = bindingOf(definition);
  const modifiedAtKey = binding.modifiedAtKey ?? 'modifiedAt';
  try {
    return await db.transaction(async (tx) => {
      const current = await getResource(tx, definition, id, writer.context);
      if (!current) throw notFound(`${definition.singular} ${id}`);
      if (version !== undefined && current.version !== version) {
        throw staleVersion(definition, current);
      }
      await binding.beforeDelete?.(tx, current);
      if (definition.deactivates) {
        const [updated] = await tx
          .update(binding.table)
          .set({
            inactiveFlag: true,
            version: sql`${binding.table.version} + 1`,
            [modifiedAtKey]: writer.now,
            modifiedBy: writer.username,
          })
          .where(eq(binding.table.id, id))
          .returning({ version: binding.table.version });
        return (await publishChange(
          tx,
          definition,
          { id, action: 'deactivated', version: Number(updated!.version), by: writer.username },
          { before: current, now: writer.now },
        ))!;
      }
      await tx.delete(binding.table).where(eq(binding.table.id, id));
      await publishChange(
        tx,
        definition,
        { id, action: 'deleted', version: null, by: writer.username },
        { before: current, now: writer.now },
      );
      return null;
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const cause = (error as { cause?: { code?: string; detail?: string } }).cause ?? error;
    const pg = cause as { code?: string; detail?: string; table?: string };
    if (pg.code === '23503') {
      const table = /referenced from table "([^"]+)"/.exec(pg.detail ?? '')?.[1];
      const user =
        resourceOfTable(table)?.plural.toLowerCase() ??
        table?.replaceAll('_', ' ') ??
        'other records';
      throw new ApiError(
        'conflict',
        `${definition.singular} ${id} cannot be deleted: ${user} still refer to it. Change those records first.`,
        { code: 'still_referenced', data: { referencedBy: table ?? null } },
      );
    }
    throw apiErrorOf(error) ?? error;
  }
}
