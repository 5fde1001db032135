import { describe, expect, it } from 'vitest';
import {
  databaseGroup,
  dispatchEventNames,
  isDispatchEventName,
  isIdsPayload,
} from './dispatch-events';

describe('R-HUB-2: the messages the DispatchHub pushes', () => {
  it('knows every name R-HUB-2 lists, our resourceChanged_v1 (R-LIVE-1) and truckPositionUpdate_v1 (R-GPS-12), and nothing else', () => {
    expect(dispatchEventNames).toHaveLength(26);
    expect(isDispatchEventName('truckPositionUpdate_v1')).toBe(true);
    expect(isDispatchEventName('batchQueueUpdate_v1')).toBe(true);
    expect(isDispatchEventName('jobProgress_v1')).toBe(true);
    expect(isDispatchEventName('invoiceUpdate_v1')).toBe(true);
    expect(isDispatchEventName('orderRequestUpdate_v1')).toBe(true);
    expect(isDispatchEventName('resourceChanged_v1')).toBe(true);
    expect(isDispatchEventName('serverConfigUpdate_v1')).toBe(true);
    expect(isDispatchEventName('truckUpdate_v1')).toBe(true);
    expect(isDispatchEventName('loadScheduleUpdatedNotification_v1')).toBe(true);
    expect(isDispatchEventName('truckUpdate_v2')).toBe(false);
  });

  it('tells an ids-only payload from a live view', () => {
    expect(isIdsPayload({ ids: [1, 2] })).toBe(true);
    expect(isIdsPayload({ ids: [1], id: 1 })).toBe(false);
    expect(isIdsPayload({ id: 1 })).toBe(false);
    expect(isIdsPayload(null)).toBe(false);
  });

  it('groups connections by named database, whatever the case the user typed', () => {
    expect(databaseGroup('demo')).toBe(databaseGroup('DEMO'));
    expect(databaseGroup('DEMO')).not.toBe(databaseGroup('LIVE'));
  });
});
