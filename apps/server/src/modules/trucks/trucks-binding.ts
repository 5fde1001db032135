/**
 * Where trucks live (R-RES-1), and what a maintenance write does beyond the row: a truck waiting
 * in a yard that is moved to another plant goes to the end of the new plant's yard (the old one
 * closes up), and every write tells the boards with truckUpdate_v1, the truck's live view, in the
 * write's transaction (R-LIVE-1), with truckSequenceUpdate_v1 for each yard that changed.
 */
import { trucks } from '../../db/schema/trucks';
import { publishYard } from './truck-yard';
import { placeAfterPlantChange, publishTruck, trucksOfSystemTypes } from './trucks.service';
import type { ResourceBinding } from '../../resources/resource-binding';

const plantOf = (record: Readonly<Record<string, unknown>> | null | undefined) =>
  typeof record?.plantId === 'number' ? record.plantId : null;

export const truckBinding: ResourceBinding = {
  table: trucks,
  scope: (context) => trucksOfSystemTypes(context.systemTypeIds),
  prepareWrite: async (tx, write) => {
    if (write.id === null || !write.current || write.values.plantId === undefined) return;
    const from = plantOf(write.current);
    const to = plantOf(write.values);
    if (from === to || write.current.inYardSequenceNum === null) return;
    const place = await placeAfterPlantChange(tx, write.id, from, to);
    if (place !== undefined) write.values.inYardSequenceNum = place;
  },
  afterWrite: async (tx, id, action, written) => {
    if (action === 'deleted') return;
    const truck = await publishTruck(tx, id, written?.now ?? new Date());
    const before = written?.before;
    if (!before || before.inYardSequenceNum === null || plantOf(before) === truck.plantId) return;
    for (const plantId of [plantOf(before), truck.plantId]) {
      if (plantId !== null) await publishYard(tx, plantId);
    }
  },
};
