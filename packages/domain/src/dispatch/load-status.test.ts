import { describe, expect, it } from 'vitest';
import { batchQueueLoadStatusId, loadStatusIds, loadStatuses } from './load-status';

describe('R-DISP-2: load statuses', () => {
  it('lists the load_statuses codes by key', () => {
    for (const status of loadStatuses) expect(loadStatusIds[status.key]).toBe(status.id);
  });

  it('puts a dispatched load in the batch queue', () => {
    expect(batchQueueLoadStatusId).toBe(loadStatusIds.ticketed);
  });
});
