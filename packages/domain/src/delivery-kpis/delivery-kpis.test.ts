import { describe, expect, it } from 'vitest';
import { ticketStatusIds } from '../delivery/ticket-status';
import { deliveryKpis } from './delivery-kpis';
import { deliveryKpisSchema } from './delivery-kpis-schema';
import { at, kpiTicket } from './kpi-fixtures';

const day = { from: '2026-03-10', to: '2026-03-10' };

/**
 * The worked example: two plants, two trucks, three orders, three tickets on 2026-03-10.
 *
 * | ticket | order (asked) | plant | truck | batch | loaded | to job | on job | start unl. | finish unl. | to plant | in yard | qty |
 * | A      | 100 (08:00)   | 1     | 11    | 07:20 | 07:30  | 07:35  | 08:03  | 08:10      | 08:30       | 08:40    | 09:05   | 10  |
 * | B      | 200 (09:00)   | 2     | 12    | 08:00 | 08:12  | 08:15  | 09:10  | 09:30      | 09:50       | 10:00    | 10:30   | 8   |
 * | C      | 300 (10:10)   | 2     | 11    | 09:30 | 09:40  | 09:45  | 10:15  | —          | 10:40       | 10:40    | 11:30   | 9.5 |
 */
const orders = [
  { id: 100, firstLoadTime: at('08:00') },
  { id: 200, firstLoadTime: at('09:00') },
  { id: 300, firstLoadTime: at('10:10') },
];
const ticketA = kpiTicket({
  orderId: 100,
  plantId: 1,
  truckId: 11,
  ticketDateTime: at('07:20'),
  batchDateTime: at('07:20'),
  loadedDateTime: at('07:30'),
  toJobDateTime: at('07:35'),
  onJobDateTime: at('08:03'),
  startUnloadDateTime: at('08:10'),
  finishUnloadDateTime: at('08:30'),
  toPlantDateTime: at('08:40'),
  arrivePlantDateTime: at('09:05'),
  deliveredQuantity: 10,
});
const ticketB = kpiTicket({
  orderId: 200,
  plantId: 2,
  truckId: 12,
  ticketDateTime: at('08:00'),
  batchDateTime: at('08:00'),
  loadedDateTime: at('08:12'),
  toJobDateTime: at('08:15'),
  onJobDateTime: at('09:10'),
  startUnloadDateTime: at('09:30'),
  finishUnloadDateTime: at('09:50'),
  toPlantDateTime: at('10:00'),
  arrivePlantDateTime: at('10:30'),
  deliveredQuantity: 8,
});
// No Unloading stamp, and To plant without Washing (finish unload stamped by the same click).
const ticketC = kpiTicket({
  orderId: 300,
  plantId: 2,
  truckId: 11,
  ticketDateTime: at('09:30'),
  batchDateTime: at('09:30'),
  loadedDateTime: at('09:40'),
  toJobDateTime: at('09:45'),
  onJobDateTime: at('10:15'),
  finishUnloadDateTime: at('10:40'),
  toPlantDateTime: at('10:40'),
  arrivePlantDateTime: at('11:30'),
  deliveredQuantity: 9.5,
});
const nothing = {
  onTimePercent: null,
  stageMinutes: {
    loading: null,
    toJob: null,
    waitOnJob: null,
    unloading: null,
    washing: null,
    toPlant: null,
  },
  truckUtilisationPercent: null,
  quantityPerTruckHour: null,
};

describe('R-KPI-1..6: the worked example', () => {
  const answer = deliveryKpis(day, { orders, tickets: [ticketA, ticketB, ticketC] });

  it('plant 1 (ticket A alone)', () => {
    expect(answer.byPlant[0]).toEqual({
      plantId: 1,
      // R-KPI-2: A arrived 08:03, asked 08:00 + 5 grace: 1 of 1.
      onTimePercent: 100,
      // R-KPI-3: A's stages.
      stageMinutes: {
        loading: 10,
        toJob: 28,
        waitOnJob: 7,
        unloading: 20,
        washing: 10,
        toPlant: 25,
      },
      // R-KPI-4: truck 11 07:20–09:05, 105 of 105 minutes.
      truckUtilisationPercent: 100,
      // R-KPI-5: 10 over 105 min = 1.75 h → 5.714…
      quantityPerTruckHour: 5.71,
    });
  });

  it('plant 2 (tickets B and C)', () => {
    expect(answer.byPlant[1]).toEqual({
      plantId: 2,
      // B late (09:10 > 09:05), C at the edge (10:15 = 10:10 + 5): 1 of 2.
      onTimePercent: 50,
      stageMinutes: {
        loading: 11, // (12 + 10) / 2
        toJob: 42.5, // (55 + 30) / 2
        waitOnJob: 20, // B's 20; C has no Unloading stamp
        unloading: 20, // B's 20; C has no Unloading stamp
        washing: 10, // B's 10; C's two stamps are one click
        toPlant: 40, // (30 + 50) / 2
      },
      // Truck 12: 150 of 150; truck 11: 120 on C plus the 25 it stood ready for C.
      // 270 / 295 = 91.525…%
      truckUtilisationPercent: 91.5,
      // (8 + 9.5) over 270 min = 4.5 h → 3.888…
      quantityPerTruckHour: 3.89,
    });
  });

  it('the whole weighs every order, ticket and minute (not an average of the plants)', () => {
    expect(answer).toMatchObject({
      // 2 of 3 orders (the plants' average would say 75).
      onTimePercent: 66.7,
      stageMinutes: {
        loading: 10.7, // (10 + 12 + 10) / 3
        toJob: 37.7, // (28 + 55 + 30) / 3
        waitOnJob: 13.5, // (7 + 20) / 2
        unloading: 20, // (20 + 20) / 2
        washing: 10, // (10 + 10) / 2
        toPlant: 35, // (25 + 30 + 50) / 3
      },
      // (105 + 270) / (105 + 295) = 375 / 400
      truckUtilisationPercent: 93.8,
      // 27.5 over 375 min = 6.25 h
      quantityPerTruckHour: 4.4,
    });
  });

  it('answers what the wire schema accepts', () => {
    expect(deliveryKpisSchema.parse(answer)).toEqual(answer);
  });
});

describe('R-KPI-1: what counts', () => {
  it('no tickets and no orders: every figure null, no plants', () => {
    expect(deliveryKpis(day, { orders: [], tickets: [] })).toEqual({ ...nothing, byPlant: [] });
  });

  it('a plant asked for with nothing to count is listed with null figures', () => {
    const answer = deliveryKpis({ ...day, plantIds: [3, 1] }, { orders, tickets: [ticketA] });
    expect(answer.byPlant.map((plant) => plant.plantId)).toEqual([1, 3]);
    expect(answer.byPlant[1]).toEqual({ plantId: 3, ...nothing });
  });

  it('a voided ticket counts in no figure', () => {
    const voided = { ...ticketB, orderId: 100, plantId: 1, voided: true };
    const voidStatus = { ...ticketB, orderId: 100, plantId: 1, statusId: ticketStatusIds.voided };
    expect(deliveryKpis(day, { orders, tickets: [ticketA, voided, voidStatus] })).toEqual(
      deliveryKpis(day, { orders, tickets: [ticketA] }),
    );
  });

  it('a ticket written outside the period counts only as its order’s first load', () => {
    const dayBefore = { ...ticketA, ticketDateTime: at('23:30', '2026-03-09') };
    const answer = deliveryKpis(day, { orders, tickets: [dayBefore] });
    expect(answer.onTimePercent).toBe(100);
    expect(answer.stageMinutes.loading).toBeNull();
    expect(answer.truckUtilisationPercent).toBeNull();
  });

  it('trucks that worked but delivered nothing: 0 per truck-hour, not null', () => {
    const open = { ...ticketA, statusId: ticketStatusIds.open, deliveredQuantity: 0 };
    expect(deliveryKpis(day, { orders: [], tickets: [open] })).toMatchObject({
      onTimePercent: null,
      truckUtilisationPercent: 100,
      quantityPerTruckHour: 0,
    });
  });

  it('tickets with no stamps at all: stage and truck figures null', () => {
    const bare = kpiTicket({ deliveredQuantity: 10 });
    expect(deliveryKpis(day, { orders: [], tickets: [bare] })).toEqual({
      ...nothing,
      byPlant: [{ plantId: 1, ...nothing }],
    });
  });
});
