/** The shape of a resource's binding to its tables: what resource-tables.ts lists. */
import type { FieldProblem } from '@dispatch/domain/api/field-problem';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import type { Env } from '../env';

export type ResourceTable = PgTable & {
  id: AnyPgColumn;
  version: AnyPgColumn;
  modifiedBy: AnyPgColumn;
};

export type ChildBinding = {
  table: PgTable;
  parentKey: string;
  /**
   * For a child table with no id column, keyed by (parentKey, rowKey) instead (a mix's raw
   * materials: mix + raw material). Each row answers its rowKey's value as its `id`, and a save
   * replaces the parent's rows with the rows sent (the parent's version guards them all). Without
   * it the table must have an `id` column, and rows are kept, changed or removed by id.
   */
  rowKey?: string;
  /** Columns the rows are answered in, before the key (a recipe in its batching sequence). */
  orderBy?: readonly string[];
};

/** Who is reading: rows of other system types are never sent (ADR 005). */
export type ScopeContext = { systemTypeIds: readonly number[] };

/**
 * A server rule beyond the fields' own checks, run on the record as it would be saved. `context`
 * is the writer's: a check may refuse a record the writer could not see (another system type).
 */
export type RecordCheck = (
  tx: Tx,
  record: Record<string, unknown>,
  context: ScopeContext,
) => Promise<FieldProblem[]>;

/**
 * A write about to be stored, as `prepareWrite` sees it (R-NATID-1; trucks' yards). `values`
 * are the columns the engine will store; the hook may add or change them: turn a write-only value
 * (see `writeOnly` in packages/domain/src/resources/field.ts) into the columns that keep it, or
 * fill a column from others. It runs in the write's transaction, after the rules and checks and
 * before the row is written, so what it locks is locked before the row is.
 */
export type PendingWrite = {
  /** The record's id; null on create. */
  id: number | null;
  /** The record as stored before this write (answer shape); null on create. */
  current: Readonly<Record<string, unknown>> | null;
  /** The request body as validated: write-only values included, undefined meaning unchanged. */
  body: Readonly<Record<string, unknown>>;
  values: Record<string, unknown>;
  /** The server's configuration (the data encryption key's source); absent outside requests. */
  env: Env | undefined;
  now: Date;
};

/** What afterWrite is told beside the id: the record before the write (null on create). */
export type WrittenRecord = { before: Readonly<Record<string, unknown>> | null; now: Date };

export type ResourceBinding = {
  table: ResourceTable;
  /** Columns every row of this resource has, set on create and required on every read. */
  fixed?: Record<string, unknown>;
  /** The rows a caller may see at all. */
  scope?: (context: ScopeContext) => SQL | undefined;
  check?: RecordCheck;
  /** Extra events a write publishes in its transaction (plantUpdate_v1, truckUpdate_v1). */
  afterWrite?: (
    tx: Tx,
    id: number,
    action: 'created' | 'updated' | 'deactivated' | 'deleted',
    written?: WrittenRecord,
  ) => Promise<void>;
  /** Refuses a delete the table's keys would allow (a group that unlocks a system type). */
  beforeDelete?: (tx: Tx, current: Readonly<Record<string, unknown>>) => Promise<void>;
  /** Turns what was sent into what is stored, before a create or update (see PendingWrite). */
  prepareWrite?: (tx: Tx, write: PendingWrite) => Promise<void>;
  /** The table's last-change column, when it is not called modifiedAt (plants: modifiedOn). */
  modifiedAtKey?: string;
  children?: Record<string, ChildBinding>;
};
