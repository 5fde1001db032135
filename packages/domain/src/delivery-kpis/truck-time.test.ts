import { describe, expect, it } from 'vitest';
import { at, kpiTicket } from './kpi-fixtures';
import { truckCycleOf, truckTimeByPlant } from './truck-time';

const cycle = (
  truckId: number,
  plantId: number,
  start: string,
  end: string,
  deliveredQuantity = 0,
) =>
  kpiTicket({
    truckId,
    plantId,
    ticketDateTime: at(start),
    batchDateTime: at(start),
    arrivePlantDateTime: at(end),
    deliveredQuantity,
  });

describe('R-KPI-4: a ticket’s truck cycle', () => {
  it('runs from Loading (batch) to In yard (arrive plant) on the ticket’s day', () => {
    const found = truckCycleOf(cycle(11, 1, '07:20', '09:05', 10));
    expect(found).toMatchObject({
      truckId: 11,
      day: '2026-03-10',
      plantId: 1,
      deliveredQuantity: 10,
    });
  });

  it('is not measured without a truck of ours, a stamp, stamps in order or a readable day', () => {
    expect(truckCycleOf({ ...cycle(11, 1, '07:20', '09:05'), truckId: null })).toBeNull();
    expect(truckCycleOf({ ...cycle(11, 1, '07:20', '09:05'), batchDateTime: null })).toBeNull();
    expect(
      truckCycleOf({ ...cycle(11, 1, '07:20', '09:05'), arrivePlantDateTime: null }),
    ).toBeNull();
    expect(truckCycleOf(cycle(11, 1, '09:05', '07:20'))).toBeNull();
    expect(truckCycleOf({ ...cycle(11, 1, '07:20', '09:05'), ticketDateTime: '' })).toBeNull();
  });
});

describe('R-KPI-4, R-KPI-5: truck time per plant', () => {
  it('worked example: two trucks, two plants', () => {
    const byPlant = truckTimeByPlant([
      // Truck 11: plant 1 from 07:20 to 09:05 (105 min), idle 25 min, plant 2 09:30–11:30 (120).
      cycle(11, 1, '07:20', '09:05', 10),
      cycle(11, 2, '09:30', '11:30', 9.5),
      // Truck 12: plant 2 from 08:00 to 10:30 (150 min), its only load: its whole day.
      cycle(12, 2, '08:00', '10:30', 8),
    ]);
    // The idle 25 minutes go to plant 2, whose load truck 11 stood ready for.
    expect(byPlant.get(1)).toEqual({
      onTicketMinutes: 105,
      availableMinutes: 105,
      deliveredQuantity: 10,
    });
    expect(byPlant.get(2)).toEqual({
      onTicketMinutes: 270,
      availableMinutes: 295,
      deliveredQuantity: 17.5,
    });
  });

  it('counts time where a truck’s cycles overlap once, for the ticket started first', () => {
    const byPlant = truckTimeByPlant([
      cycle(11, 2, '09:00', '10:30', 8),
      cycle(11, 1, '08:00', '09:30', 10),
    ]);
    // 08:00–09:30 for plant 1 (90 min); plant 2 only adds 09:30–10:30 (60 min).
    expect(byPlant.get(1)).toMatchObject({ onTicketMinutes: 90, availableMinutes: 90 });
    expect(byPlant.get(2)).toMatchObject({ onTicketMinutes: 60, availableMinutes: 60 });
  });

  it('of two cycles started together, gives the overlap to the one that ends first', () => {
    // Whatever order the rows come in: plant 2's 08:00–09:00 first, plant 1 gets 09:00–10:00.
    for (const rows of [
      [cycle(11, 1, '08:00', '10:00'), cycle(11, 2, '08:00', '09:00')],
      [cycle(11, 2, '08:00', '09:00'), cycle(11, 1, '08:00', '10:00')],
    ]) {
      const byPlant = truckTimeByPlant(rows);
      expect(byPlant.get(1)).toMatchObject({ onTicketMinutes: 60, availableMinutes: 60 });
      expect(byPlant.get(2)).toMatchObject({ onTicketMinutes: 60, availableMinutes: 60 });
    }
  });

  it('gives a cycle inside another no time but keeps what it delivered', () => {
    const byPlant = truckTimeByPlant([
      cycle(11, 1, '08:00', '10:00', 10),
      cycle(11, 1, '08:30', '09:00', 4),
    ]);
    expect(byPlant.get(1)).toEqual({
      onTicketMinutes: 120,
      availableMinutes: 120,
      deliveredQuantity: 14,
    });
  });

  it('keeps each day of a truck apart: the night between is not available time', () => {
    const byPlant = truckTimeByPlant([
      cycle(11, 1, '15:00', '16:00'),
      kpiTicket({
        truckId: 11,
        ticketDateTime: at('07:00', '2026-03-11'),
        batchDateTime: at('07:00', '2026-03-11'),
        arrivePlantDateTime: at('08:00', '2026-03-11'),
      }),
    ]);
    expect(byPlant.get(1)).toMatchObject({ onTicketMinutes: 120, availableMinutes: 120 });
  });

  it('has nothing for tickets without a measured cycle', () => {
    expect(truckTimeByPlant([kpiTicket({ batchDateTime: at('07:20') })]).size).toBe(0);
  });
});
