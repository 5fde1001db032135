/**
 * What the mix operation screens choose from (R-MIX-1, R-MIX-8): the concrete plants, raw
 * materials and units in one answer, and the mixes found as the clerk types, narrowed as a global
 * change's selection narrows them (one filter, so the list shows what the preview will take).
 */
import { z } from 'zod';
import { mixSelectionSchema, type MixSelection } from './mix-design-change';

export const mixChoicesSchema = z.object({
  plants: z.array(z.object({ id: z.int(), description: z.string() })),
  rawMaterials: z.array(
    z.object({
      id: z.int(),
      code: z.string(),
      description: z.string(),
      unitOfMeasureId: z.int(),
      inactive: z.boolean(),
    }),
  ),
  units: z.array(z.object({ id: z.int(), name: z.string(), abbreviation: z.string() })),
});
export type MixChoices = z.infer<typeof mixChoicesSchema>;

/** A query string has no lists or numbers: `plantIds=1,2`, `strengthMin=3000`. */
const idList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'must be ids separated by commas')
  .transform((text) => text.split(',').map(Number));
const number = z.coerce.number({ error: 'must be a number' });

/** R-MIX-1: the mix list's query: the selection's filters, and a page. */
export const mixListQuerySchema = z.object({
  plantIds: idList.optional(),
  mixIds: idList.optional(),
  search: z.string().optional(),
  strengthMin: number.optional(),
  strengthMax: number.optional(),
  usingRawMaterialId: number.optional(),
  includeInactive: z.enum(['true', 'false']).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type MixListQuery = z.infer<typeof mixListQuerySchema>;

/** The query's filters, checked as a global change's selection is (the same reasons). */
export function selectionOfQuery(
  query: MixListQuery,
): ReturnType<typeof mixSelectionSchema.safeParse> {
  return mixSelectionSchema.safeParse({
    plantIds: query.plantIds,
    mixIds: query.mixIds,
    search: query.search,
    strengthMin: query.strengthMin ?? null,
    strengthMax: query.strengthMax ?? null,
    usingRawMaterialId: query.usingRawMaterialId ?? null,
    includeInactive: query.includeInactive === 'true',
  });
}

/** A selection as the list's query parameters (what the screens send), in a fixed order. */
export function queryEntriesOfSelection(
  selection: Partial<MixSelection>,
  page?: { limit: number },
): [string, string][] {
  const entries: [string, string][] = [];
  if (selection.plantIds?.length) entries.push(['plantIds', selection.plantIds.join(',')]);
  if (selection.mixIds?.length) entries.push(['mixIds', selection.mixIds.join(',')]);
  if (selection.search?.trim()) entries.push(['search', selection.search.trim()]);
  if (selection.strengthMin != null) entries.push(['strengthMin', String(selection.strengthMin)]);
  if (selection.strengthMax != null) entries.push(['strengthMax', String(selection.strengthMax)]);
  if (selection.usingRawMaterialId != null) {
    entries.push(['usingRawMaterialId', String(selection.usingRawMaterialId)]);
  }
  if (selection.includeInactive) entries.push(['includeInactive', 'true']);
  if (page) entries.push(['limit', String(page.limit)]);
  return entries;
}

export const mixListRowSchema = z.object({
  id: z.int(),
  description: z.string(),
  productId: z.int(),
  productNumber: z.string(),
  plantId: z.int(),
  plantName: z.string(),
  strength: z.number().nullable(),
  slump: z.number().nullable(),
  waterToCementRatio: z.number().nullable(),
  inactiveFlag: z.boolean(),
  version: z.int(),
  lineCount: z.int(),
});
export type MixListRow = z.infer<typeof mixListRowSchema>;
