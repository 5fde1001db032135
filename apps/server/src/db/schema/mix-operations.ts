/**
 * Mix operations (R-MIX): every change to a mix's recipe with who made it, global mix design
 * changes with every line they wrote (so each can be reversed exactly), and each plant's ranking
 * of the raw materials that may stand in for one another.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import {
  factor,
  identityId,
  modifiedAt,
  modifiedBy,
  quantity,
  rate,
  timestamptz,
  version,
} from './columns';
import { plants } from './plants';
import { concreteMixes, rawMaterials } from './products';

/** One applied global mix design change (R-MIX-11, R-MIX-12). */
export const globalMixChanges = pgTable(
  'global_mix_changes',
  {
    id: identityId(),
    /** replace, scale or set. */
    action: text().notNull(),
    rawMaterialId: integer()
      .notNull()
      .references(() => rawMaterials.id),
    replacementRawMaterialId: integer(),
    factor: factor(),
    percent: rate(),
    quantity: quantity(),
    /** The selection as applied (plants, mixes, strengths, search, raw material used). */
    selection: jsonb().notNull(),
    description: text(),
    appliedAt: timestamptz().notNull().defaultNow(),
    appliedBy: text().notNull(),
    reversedAt: timestamptz(),
    reversedBy: text(),
    mixCount: integer().notNull(),
    lineCount: integer().notNull(),
  },
  (t) => [
    // Named by hand: the generated name would pass PostgreSQL's 63-character identifier limit.
    foreignKey({
      name: 'global_mix_changes_replacement_raw_material_id_fk',
      columns: [t.replacementRawMaterialId],
      foreignColumns: [rawMaterials.id],
    }),
    check('global_mix_changes_action_check', sql`${t.action} in ('replace', 'scale', 'set')`),
    index('global_mix_changes_applied_at_idx').on(t.appliedAt),
  ],
);

/** Each mix a change rewrote, with its version before and after: reversal needs it unchanged. */
export const globalMixChangeMixes = pgTable(
  'global_mix_change_mixes',
  {
    changeId: integer()
      .notNull()
      .references(() => globalMixChanges.id, { onDelete: 'cascade' }),
    concreteMixId: integer()
      .notNull()
      .references(() => concreteMixes.id, { onDelete: 'cascade' }),
    versionBefore: integer().notNull(),
    versionAfter: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.changeId, t.concreteMixId] }),
    index('global_mix_change_mixes_concrete_mix_id_idx').on(t.concreteMixId),
  ],
);

/** Every recipe line a change wrote, before and after (null: absent), sequence included. */
export const globalMixChangeLines = pgTable(
  'global_mix_change_lines',
  {
    id: identityId(),
    changeId: integer()
      .notNull()
      .references(() => globalMixChanges.id, { onDelete: 'cascade' }),
    concreteMixId: integer()
      .notNull()
      .references(() => concreteMixes.id, { onDelete: 'cascade' }),
    rawMaterialId: integer()
      .notNull()
      .references(() => rawMaterials.id),
    quantityBefore: quantity(),
    quantityAfter: quantity(),
    unitBefore: integer(),
    unitAfter: integer(),
    sequenceBefore: smallint(),
    sequenceAfter: smallint(),
  },
  (t) => [index('global_mix_change_lines_change_id_idx').on(t.changeId)],
);

/** R-MIX-5: a mix's history: who changed its recipe or design, when, from where, and what. */
export const concreteMixHistory = pgTable(
  'concrete_mix_history',
  {
    id: identityId(),
    concreteMixId: integer()
      .notNull()
      .references(() => concreteMixes.id, { onDelete: 'cascade' }),
    at: timestamptz().notNull().defaultNow(),
    username: text().notNull(),
    /** modification, maintenance, globalChange or globalChangeReversal. */
    source: text().notNull(),
    globalMixChangeId: integer(),
    note: text(),
    reordered: boolean().notNull().default(false),
    /** The lines changed: raw material, quantity and unit before and after. */
    lines: jsonb().notNull().default([]),
    /** Design values changed (the concrete product screen): field, before, after. */
    design: jsonb().notNull().default([]),
  },
  (t) => [
    foreignKey({
      name: 'concrete_mix_history_global_mix_change_id_fk',
      columns: [t.globalMixChangeId],
      foreignColumns: [globalMixChanges.id],
    }),
    check(
      'concrete_mix_history_source_check',
      sql`${t.source} in ('modification', 'maintenance', 'globalChange', 'globalChangeReversal')`,
    ),
    index('concrete_mix_history_concrete_mix_id_at_idx').on(t.concreteMixId, t.at),
  ],
);

/** R-MIX-15: one raw material's substitutes at one plant; the version guards its order. */
export const rawMaterialRankings = pgTable(
  'raw_material_rankings',
  {
    id: identityId(),
    plantId: integer()
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    rawMaterialId: integer()
      .notNull()
      .references(() => rawMaterials.id),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    unique('raw_material_rankings_plant_id_raw_material_id_unique').on(t.plantId, t.rawMaterialId),
  ],
);

export const rawMaterialRankingSubstitutes = pgTable(
  'raw_material_ranking_substitutes',
  {
    rankingId: integer().notNull(),
    rawMaterialId: integer().notNull(),
    /** 1 is used first. */
    rank: smallint().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rankingId, t.rawMaterialId] }),
    foreignKey({
      name: 'raw_material_ranking_substitutes_ranking_id_fk',
      columns: [t.rankingId],
      foreignColumns: [rawMaterialRankings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'raw_material_ranking_substitutes_raw_material_id_fk',
      columns: [t.rawMaterialId],
      foreignColumns: [rawMaterials.id],
    }),
    unique('raw_material_ranking_substitutes_ranking_id_rank_unique').on(t.rankingId, t.rank),
    check('raw_material_ranking_substitutes_rank_check', sql`${t.rank} >= 1`),
    index('raw_material_ranking_substitutes_raw_material_id_idx').on(t.rawMaterialId),
  ],
);
