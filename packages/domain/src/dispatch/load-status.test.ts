import { describe, expect, it } from 'vitest';
import {
  batchQueueLoadStatusId,
  loadKeepsVoidedTicket,
  loadStatusAfterVoid,
  loadStatusIds,
  loadStatuses,
} from './load-status';

describe('R-DISP-2: load statuses', () => {
  it('lists the load_statuses codes by key', () => {
    for (const status of loadStatuses) expect(loadStatusIds[status.key]).toBe(status.id);
  });

  it('puts a dispatched load in the batch queue', () => {
    expect(batchQueueLoadStatusId).toBe(loadStatusIds.ticketed);
  });

  it('R-DISP-7: a void sends a load back to scheduled unless it was delivered', () => {
    expect(loadStatusAfterVoid(loadStatusIds.ticketed)).toBe(loadStatusIds.scheduled);
    expect(loadStatusAfterVoid(loadStatusIds.delivered)).toBe(loadStatusIds.delivered);
    expect(loadKeepsVoidedTicket(loadStatusIds.delivered)).toBe(true);
    expect(loadKeepsVoidedTicket(loadStatusIds.ticketed)).toBe(false);
  });
});
