/**
 * R-DISP-2: a load's statuses (load_statuses). A scheduled load waits for a truck; dispatching it
 * writes its ticket and puts it in the plant's batch queue (ticketed); delivery or cancellation
 * ends it. Voiding its ticket puts it back to scheduled (R-DELIV-4, `loadStatusOf`).
 */
export const loadStatuses = [
  { id: 1, key: 'scheduled', name: 'Scheduled' },
  /** Its ticket is written and the truck is loading: the load is in the plant's batch queue. */
  { id: 2, key: 'ticketed', name: 'Ticketed' },
  { id: 3, key: 'delivered', name: 'Delivered' },
  { id: 4, key: 'cancelled', name: 'Cancelled' },
] as const;

export type LoadStatus = (typeof loadStatuses)[number];
export type LoadStatusId = LoadStatus['id'];
export type LoadStatusKey = LoadStatus['key'];

export const loadStatusIds = {
  scheduled: 1,
  ticketed: 2,
  delivered: 3,
  cancelled: 4,
} as const satisfies Record<LoadStatusKey, LoadStatusId>;

/** The status of a load that has just been dispatched: in the batch queue. */
export const batchQueueLoadStatusId = loadStatusIds.ticketed;
