import { describe, expect, it } from 'vitest';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { orderLiveViewSchema, type OrderLiveView } from '@dispatch/domain/orders/order';
import { scheduleFormSchema } from '@dispatch/domain/orders/schedule';
import { units, type UnitId } from '@dispatch/domain/units';
import { applyOrderLiveView, primaryTotals, removeOrder } from './order-cache';
import type { OrderBoard, OrderBoardRow } from './order-queries';

const day = '2026-11-24';

function row(id: number, change: Partial<OrderBoardRow> = {}): OrderBoardRow {
  return {
    id,
    number: 1000 + id,
    orderStatusId: orderStatusIds.toBeShipped,
    plantId: 1,
    systemTypeId: 1,
    customerName: 'Acme Builders',
    shipDate: day,
    dispatchNotes: '',
    orderFlagId: null,
    firstLoadTime: null,
    jobNumber: 'J-1',
    jobAddress: '1 Main St',
    productDescription: '4000 PSI',
    quantityOrdered: 40,
    quantityDelivered: 10,
    unitOfMeasure: units.cubicYards,
    loadsTicketed: 1,
    version: 1,
    ...change,
  };
}

const board = (...rows: OrderBoardRow[]): OrderBoard => ({
  error: false,
  count: rows.length,
  data: rows,
});

function schedule(quantity: number, deliveredQuantity: number, unitOfMeasure: UnitId = 1) {
  return scheduleFormSchema.parse({
    schedule: { id: quantity, orderId: 1 },
    primaryProduct: { quantity, deliveredQuantity, unitOfMeasure, productDescription: '4000 PSI' },
  });
}

function view(id: number, change: Partial<OrderLiveView> & { version?: number } = {}) {
  const { version, ...fields } = change;
  const live = orderLiveViewSchema.parse({
    id,
    number: 1000 + id,
    orderStatusId: orderStatusIds.shipping,
    plantId: 1,
    customerName: 'Acme Builders',
    shipDate: day,
    schedules: [schedule(30, 12), schedule(10, 0)],
    ...fields,
  });
  return { ...live, version };
}

describe('primaryTotals', () => {
  it('sums the primary products and keeps their unit only when they share one', () => {
    expect(primaryTotals([schedule(30, 12.5), schedule(10, 0)])).toMatchObject({
      quantityOrdered: 40,
      quantityDelivered: 12.5,
      unitOfMeasure: units.cubicYards,
    });
    expect(primaryTotals([schedule(30, 0), schedule(10, 0, 6)]).unitOfMeasure).toBeNull();
    expect(primaryTotals([])).toMatchObject({ quantityOrdered: 0, unitOfMeasure: null });
  });
});

describe('applyOrderLiveView', () => {
  it('patches status and totals in place, keeping what the event does not carry', () => {
    const before = board(row(1), row(2));
    const after = applyOrderLiveView(before, { shipDate: day }, view(1));
    if (after === 'refetch') throw new Error('expected a patch');
    expect(after.data[0]).toMatchObject({
      orderStatusId: orderStatusIds.shipping,
      quantityOrdered: 40,
      quantityDelivered: 12,
      systemTypeId: 1,
      jobNumber: 'J-1',
    });
    expect(after.data[1]).toBe(before.data[1]);
  });

  it('drops an order moved to another day and fetches one moved onto this day', () => {
    const moved = view(1, { shipDate: '2026-11-25' });
    expect(applyOrderLiveView(board(row(1)), { shipDate: day }, moved)).toEqual(board());
    expect(applyOrderLiveView(board(), { shipDate: '2026-11-25' }, moved)).toBe('refetch');
  });

  it("respects the board's status and plant filters", () => {
    const filters = { shipDate: day, orderStatusIds: [orderStatusIds.toBeShipped] };
    expect(applyOrderLiveView(board(row(1)), filters, view(1))).toEqual(board());
    const otherPlant = board();
    expect(applyOrderLiveView(otherPlant, { shipDate: day, plantIds: [2] }, view(1))).toBe(
      otherPlant,
    );
  });

  it('ignores an event older than the cached row', () => {
    const before = board(row(1, { version: 7 }));
    expect(applyOrderLiveView(before, { shipDate: day }, view(1, { version: 6 }))).toBe(before);
  });
});

describe('removeOrder', () => {
  it('removes the order and lowers the count; a board without it is left as it is', () => {
    const before = board(row(1), row(2));
    expect(removeOrder(before, 1)).toEqual(board(row(2)));
    expect(removeOrder(before, 3)).toBe(before);
  });
});
