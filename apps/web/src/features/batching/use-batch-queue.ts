/**
 * The queue the batchman works (R-BATCH-1..2): the plant and alley, remembered on this desk, the
 * plant's loads through the hub, and the selected load, which follows the list.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { plantQueries } from '../../data/plants/plant-queries';
import { readStored, writeStored } from '../../lib/storage';
import { batchQueueQuery } from './batching-api';
import { useBatchQueueLive } from './use-batch-queue-live';

const storedPlantKey = 'batchLoadScreen.plantId';
const storedAlleyKey = 'batchLoadScreen.alley';
export const allAlleys = 'all';

function storedNumber(key: string): number | null {
  const value = Number(readStored(key));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function useBatchQueue() {
  const [chosenPlantId, setPlantId] = useState<number | null>(() => storedNumber(storedPlantKey));
  const [alley, setAlley] = useState<number | null>(() => storedNumber(storedAlleyKey));
  const [chosenId, setSelectedId] = useState<number | null>(null);

  const plants = useQuery(plantQueries.list({ systemTypeId: 1 }));
  const plantChoices = useMemo(
    () =>
      (plants.data?.data ?? [])
        .filter((plant) => !plant.inactiveFlag)
        .map((plant) => ({ value: String(plant.id), label: plant.description ?? `#${plant.id}` })),
    [plants.data],
  );
  // The first plant when none is remembered: the screen opens on a queue, not on a question.
  const firstPlant = plantChoices[0];
  const plantId = chosenPlantId ?? (firstPlant ? Number(firstPlant.value) : null);
  useBatchQueueLive(plantId);

  const queue = useQuery({
    ...batchQueueQuery({ plantId: plantId ?? 0, alley }),
    enabled: plantId !== null,
  });
  const rows = useMemo(() => queue.data?.data ?? [], [queue.data]);
  const numberOfAlleys = queue.data?.numberOfAlleys ?? 1;
  // The selection follows the list: the first load still to batch when none (or a gone one) is.
  const selected =
    rows.find((row) => row.loadId === chosenId) ??
    rows.find((row) => row.state !== 'batched') ??
    rows[0] ??
    null;
  const selectedId = selected?.loadId ?? null;

  const choosePlant = (value: string | null) => {
    const id = value === null ? null : Number(value);
    setPlantId(id);
    setAlley(null);
    setSelectedId(null);
    writeStored(storedPlantKey, value);
    writeStored(storedAlleyKey, null);
  };
  const chooseAlley = (value: string) => {
    const next = value === allAlleys ? null : Number(value);
    setAlley(next);
    writeStored(storedAlleyKey, next === null ? null : String(next));
  };

  return {
    plantChoices,
    plantId,
    alley,
    queue,
    rows,
    numberOfAlleys,
    selected,
    selectedId,
    setSelectedId,
    choosePlant,
    chooseAlley,
  };
}
