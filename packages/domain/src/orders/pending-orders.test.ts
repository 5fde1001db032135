import { describe, expect, it } from 'vitest';
import {
  callInBodySchema,
  callInInstant,
  calledInTimes,
  cancelBodySchema,
  cancelledNote,
  pendingActionsOf,
  pendingKindOfStatus,
  pendingKinds,
  pendingListSchema,
  pendingReason,
  releaseBodySchema,
  stillHeldMessage,
} from './pending-orders';

describe('pending orders (R-PEND-1..6)', () => {
  it('R-PEND-1: on hold and will call orders are pending, nothing else is', () => {
    expect(pendingKinds).toEqual(['hold', 'willCall', 'request']);
    expect(pendingKindOfStatus(4)).toBe('hold');
    expect(pendingKindOfStatus(3)).toBe('willCall');
    for (const other of [0, 1, 2, 5, 6, 7, 8, 9]) expect(pendingKindOfStatus(other)).toBeNull();
  });

  it('R-PEND-4..6: offers release for a hold, call in for a will call, cancel for both, nothing for a request', () => {
    expect(pendingActionsOf('hold')).toEqual(['release', 'cancel']);
    expect(pendingActionsOf('willCall')).toEqual(['callIn', 'cancel']);
    expect(pendingActionsOf('request')).toEqual([]);
  });

  it('R-PEND-2: the reason is the first credit notes line that says something', () => {
    expect(
      pendingReason(
        "\n  On hold: the customer's credit status (Credit hold) holds orders.\nCall Jim",
      ),
    ).toBe("On hold: the customer's credit status (Credit hold) holds orders.");
    expect(pendingReason('Waiting for the deposit\r\nsecond')).toBe('Waiting for the deposit');
    expect(pendingReason(' \n ')).toBeNull();
    expect(pendingReason(null)).toBeNull();
    expect(pendingReason(undefined)).toBeNull();
  });

  it('R-PEND-4, R-PEND-6: words the refusal and the cancellation note', () => {
    expect(stillHeldMessage(12, 'Credit hold')).toBe(
      "Order 12 cannot be released: the customer's credit status (Credit hold) still holds orders. Change the customer's credit status first.",
    );
    expect(stillHeldMessage(12, null)).toMatch(/\(unknown\)/);
    expect(cancelledNote('  Job postponed ', 'maria')).toBe('Cancelled by maria: Job postponed');
  });

  it('R-PEND-6: a cancellation needs a reason of at most 500 characters', () => {
    expect(cancelBodySchema.parse({ version: 2, reason: ' Rain ' })).toEqual({
      version: 2,
      reason: 'Rain',
    });
    for (const reason of [undefined, '', '   ', 'x'.repeat(501)]) {
      const parsed = cancelBodySchema.safeParse({ version: 2, reason });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['reason']);
    }
    expect(cancelBodySchema.safeParse({ reason: 'Rain' }).error?.issues[0]?.path).toEqual([
      'version',
    ]);
    expect(releaseBodySchema.safeParse({ version: 0 }).success).toBe(false);
  });

  it('R-PEND-5: a call-in time is HH:mm or a date and time', () => {
    expect(callInBodySchema.parse({ version: 1, firstLoadTime: '07:30' }).firstLoadTime).toBe(
      '07:30',
    );
    expect(
      callInBodySchema.safeParse({ version: 1, firstLoadTime: '2026-03-10T07:30:00.000Z' }).success,
    ).toBe(true);
    for (const firstLoadTime of ['7:30', '24:00', '2026-03-10', 'soon', '2026-13-40T07:30', 5]) {
      const parsed = callInBodySchema.safeParse({ version: 1, firstLoadTime });
      expect(parsed.success, String(firstLoadTime)).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['firstLoadTime']);
    }
  });

  it('R-PEND-5: places the time on the ship date, and refuses an instant on another day', () => {
    expect(callInInstant('2026-03-10', '07:30')).toEqual(new Date(2026, 2, 10, 7, 30));
    expect(callInInstant('2026-03-10', '2026-03-10T13:30:00Z')?.toISOString()).toBe(
      '2026-03-10T13:30:00.000Z',
    );
    // Ship date's morning in Auckland, evening in Honolulu: still the ship date somewhere.
    expect(callInInstant('2026-03-10', '2026-03-09T11:00:00Z')).not.toBeNull();
    expect(callInInstant('2026-03-10', '2026-03-11T08:00:00Z')).not.toBeNull();
    expect(callInInstant('2026-03-10', '2026-03-09T09:00:00Z')).toBeNull();
    expect(callInInstant('2026-03-10', '2026-03-11T13:00:00Z')).toBeNull();
    expect(callInInstant('2026-03-10', '2026-03-10')).toBeNull();
    expect(callInInstant('2026-03-10', '2026-99-10T10:00')).toBeNull();
  });

  it('R-PEND-5: moves the earliest schedule to the time and keeps the others at their distance', () => {
    const at = new Date('2026-03-10T07:00:00.000Z');
    expect(calledInTimes(['2026-03-10T14:00:00Z', '2026-03-10T16:30:00Z', null], at)).toEqual([
      '2026-03-10T07:00:00.000Z',
      '2026-03-10T09:30:00.000Z',
      '2026-03-10T07:00:00.000Z',
    ]);
    expect(calledInTimes([null, 'not a date'], at)).toEqual([
      '2026-03-10T07:00:00.000Z',
      '2026-03-10T07:00:00.000Z',
    ]);
  });

  it('R-PEND-1: reads the list answer', () => {
    const row = {
      kind: 'hold',
      id: 1,
      number: 5001,
      systemTypeId: 1,
      orderStatusId: 4,
      customerId: 2,
      customerNumber: 'C2',
      customerName: 'Holdco',
      jobId: null,
      jobNumber: null,
      jobAddress: null,
      shipDate: '2026-03-10',
      firstLoadTime: null,
      plantId: 3,
      plantName: 'North',
      reason: 'On hold',
      productDescription: '3000 PSI',
      quantity: 30,
      deliveredQuantity: 10,
      requestedBy: null,
      version: 1,
      modifiedBy: 'maria',
      modifiedAt: '2026-03-10T08:00:00.000Z',
      creditStatusId: 3,
      creditStatus: 'Credit hold',
      creditHoldsOrders: true,
    };
    const list = { error: false, count: 1, counts: { hold: 1, willCall: 0, request: 0 } };
    expect(pendingListSchema.parse({ ...list, data: [row] }).data[0]).toEqual(row);
    expect(pendingListSchema.safeParse({ ...list, data: [{ ...row, kind: 'x' }] }).success).toBe(
      false,
    );
  });
});
