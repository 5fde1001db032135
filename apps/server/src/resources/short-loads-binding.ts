/**
 * Short loads (R-MAINT-22): the threshold and charge per system type and plant, a row without a
 * plant applying at every plant of its system type. Two rules the definition cannot check alone:
 *
 * - a plant must be of the row's system type;
 * - no two active rows with the same system type, plant (or every plant) and minimum quantity:
 *   a second would make a load's charge ambiguous. Descriptions may repeat, and an inactive row
 *   does not count, so deactivating a row frees its place for its replacement.
 */
import type { FieldProblem } from '@dispatch/domain/api/field-problem';
import { and, eq, ne, sql } from 'drizzle-orm';
import { isSystemTypeId, systemTypeById } from '@dispatch/domain/system-types';
import { shortLoadTypes } from '../db/schema/lookups';
import { plants } from '../db/schema/plants';
import type { RecordCheck, ResourceBinding } from './resource-binding';

/** 'a concrete', 'an aggregate': the system type as a message names one of its records. */
const aSystemType = (id: unknown) => {
  const name = isSystemTypeId(id) ? systemTypeById(id).name.toLowerCase() : 'other';
  return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`;
};

const check: RecordCheck = async (tx, record) => {
  const problems: FieldProblem[] = [];
  const plantId = typeof record.plantId === 'number' ? record.plantId : null;
  if (plantId !== null) {
    const [plant] = await tx
      .select({ systemTypeId: plants.systemTypeId })
      .from(plants)
      .where(eq(plants.id, plantId));
    // A plant that does not exist is refused by its foreign key.
    if (plant && plant.systemTypeId !== record.systemTypeId) {
      problems.push({
        field: 'plantId',
        reason: `is ${aSystemType(plant.systemTypeId)} plant: choose ${aSystemType(record.systemTypeId)} plant, or none for every plant`,
      });
    }
  }
  if (record.inactiveFlag !== true) {
    const minimum = typeof record.minimumQuantity === 'number' ? record.minimumQuantity : null;
    const [same] = await tx
      .select({ id: shortLoadTypes.id, description: shortLoadTypes.description })
      .from(shortLoadTypes)
      .where(
        and(
          eq(shortLoadTypes.systemTypeId, Number(record.systemTypeId)),
          sql`${shortLoadTypes.plantId} is not distinct from ${plantId}::integer`,
          sql`${shortLoadTypes.minimumQuantity} is not distinct from ${minimum}::numeric`,
          eq(shortLoadTypes.inactiveFlag, false),
          typeof record.id === 'number' ? ne(shortLoadTypes.id, record.id) : undefined,
        ),
      )
      .limit(1);
    if (same) {
      problems.push({
        field: 'minimumQuantity',
        reason: `is already the threshold of ${same.description} (${same.id}) for this system type and ${plantId === null ? 'every plant' : 'plant'}: change that one, or deactivate it first`,
      });
    }
  }
  return problems;
};

export const shortLoadTypesBinding: ResourceBinding = { table: shortLoadTypes, check };
