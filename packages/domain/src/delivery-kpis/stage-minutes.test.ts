import { describe, expect, it } from 'vitest';
import { truckStatuses, type TruckStatusKey } from '../trucks/truck-status';
import { at, kpiTicket } from './kpi-fixtures';
import {
  addStageSums,
  deliveryStageKeys,
  deliveryStages,
  stageMinutes,
  stageSumsOf,
  type DeliveryStage,
} from './stage-minutes';

/** A cycle stamped all the way round: 10, 28, 7, 20, 10 and 25 minutes. */
const full = kpiTicket({
  batchDateTime: at('07:20'),
  loadedDateTime: at('07:30'),
  toJobDateTime: at('07:35'),
  onJobDateTime: at('08:03'),
  startUnloadDateTime: at('08:10'),
  finishUnloadDateTime: at('08:30'),
  toPlantDateTime: at('08:40'),
  arrivePlantDateTime: at('09:05'),
});

describe('R-KPI-3: each stage is the time in the truck status of its name', () => {
  const statusOf: Record<DeliveryStage, TruckStatusKey> = {
    loading: 'loading',
    toJob: 'toJob',
    waitOnJob: 'onJob',
    unloading: 'unloading',
    washing: 'washing',
    toPlant: 'toPlant',
  };
  const loop = ['loading', 'loaded', 'toJob', 'onJob', 'unloading', 'washing', 'toPlant', 'inYard'];
  const stampOf = (key: string) =>
    truckStatuses.find((status) => status.key === key)?.ticketTimestamp;

  it('from that status’s stamp to the stamp of the status after it in the loop', () => {
    for (const stage of deliveryStageKeys) {
      const status = statusOf[stage];
      expect(deliveryStages[stage].from).toBe(stampOf(status));
      expect(deliveryStages[stage].to).toBe(stampOf(loop[loop.indexOf(status) + 1] ?? ''));
    }
  });
});

describe('R-KPI-3: a ticket’s minutes in a stage', () => {
  it('worked example: a cycle stamped all the way round', () => {
    expect(deliveryStageKeys.map((stage) => stageMinutes(full, stage))).toEqual([
      10, 28, 7, 20, 10, 25,
    ]);
  });

  it('skips a stage with a missing stamp', () => {
    const noStart = { ...full, startUnloadDateTime: null };
    expect(stageMinutes(noStart, 'waitOnJob')).toBeNull();
    expect(stageMinutes(noStart, 'unloading')).toBeNull();
    expect(stageMinutes(noStart, 'toJob')).toBe(28);
  });

  it('skips a stage whose stamps are out of order: never negative', () => {
    // Arrive plant typed before To plant by a clerk's slip.
    expect(stageMinutes({ ...full, arrivePlantDateTime: at('08:35') }, 'toPlant')).toBeNull();
  });

  it('skips a stage whose two stamps are one click: the status was skipped', () => {
    // To plant without Washing stamps finish-unload at the same instant (R-DELIV-3).
    const skipped = { ...full, finishUnloadDateTime: at('08:40') };
    expect(stageMinutes(skipped, 'washing')).toBeNull();
    expect(stageMinutes(skipped, 'unloading')).toBe(30);
  });

  it('keeps fractions of a minute', () => {
    expect(stageMinutes({ ...full, loadedDateTime: at('07:30:30') }, 'loading')).toBe(10.5);
  });
});

describe('R-KPI-3, R-KPI-6: stage sums over tickets', () => {
  it('count only the tickets that have the stage', () => {
    const partial = kpiTicket({ batchDateTime: at('09:30'), loadedDateTime: at('09:42') });
    const sums = stageSumsOf([full, partial]);
    // Loading: 10 + 12 over 2 tickets; unloading: 20 over the 1 ticket that has it.
    expect(sums.loading).toEqual({ numerator: 22, denominator: 2 });
    expect(sums.unloading).toEqual({ numerator: 20, denominator: 1 });
  });

  it('add up stage by stage', () => {
    const both = addStageSums(stageSumsOf([full]), stageSumsOf([full]));
    expect(both.toPlant).toEqual({ numerator: 50, denominator: 2 });
  });

  it('are empty with no tickets', () => {
    expect(Object.values(stageSumsOf([]))).toEqual(
      deliveryStageKeys.map(() => ({ numerator: 0, denominator: 0 })),
    );
  });
});
