/**
 * What a simulated truck scale's deck carries from moment to moment: a truck drives on empty,
 * settles at its tare (about 13 t), drives off to be loaded, comes back with 20-25 t on, settles,
 * and drives off, every 30 s. Read, not ticked: the weight at any moment follows from the clock.
 */
import { poundsPerKilogram, type ScaleWeightUnit } from '@dispatch/domain/plants/scale';

export type DeckReading = { weight: number; motion: boolean };

type Phase =
  | { untilS: number; kind: 'empty' }
  | { untilS: number; kind: 'on' | 'settling' | 'settled' | 'off'; load: 'tare' | 'gross' };

const cycle: Phase[] = [
  { untilS: 3, kind: 'empty' },
  { untilS: 6, kind: 'on', load: 'tare' },
  { untilS: 8, kind: 'settling', load: 'tare' },
  { untilS: 12, kind: 'settled', load: 'tare' },
  { untilS: 14, kind: 'off', load: 'tare' },
  { untilS: 17, kind: 'empty' },
  { untilS: 20, kind: 'on', load: 'gross' },
  { untilS: 22, kind: 'settling', load: 'gross' },
  { untilS: 27, kind: 'settled', load: 'gross' },
  { untilS: 29, kind: 'off', load: 'gross' },
  { untilS: 30, kind: 'empty' },
];
const cycleMs = 30_000;

export function createScriptedDeck(options: {
  unit: ScaleWeightUnit;
  division: number;
  random?: () => number;
}): { at(nowMs: number): DeckReading } {
  const random = options.random ?? Math.random;
  const inUnit = (pounds: number) => (options.unit === 'lb' ? pounds : pounds / poundsPerKilogram);
  const toDivision = (weight: number) =>
    Math.max(0, Math.round(weight / options.division) * options.division);
  let truck = { cycle: -1, tare: 0, gross: 0 };
  return {
    at(nowMs) {
      const number = Math.floor(nowMs / cycleMs);
      if (number !== truck.cycle) {
        const tare = inUnit(24_000 + random() * 4_000);
        truck = { cycle: number, tare, gross: tare + inUnit(40_000 + random() * 10_000) };
      }
      const seconds = (nowMs % cycleMs) / 1000;
      const index = cycle.findIndex((phase) => seconds < phase.untilS);
      const phase = cycle[index]!;
      if (phase.kind === 'empty') return { weight: 0, motion: false };
      const fromS = cycle[index - 1]?.untilS ?? 0;
      const done = (seconds - fromS) / (phase.untilS - fromS);
      const target = truck[phase.load];
      const jitter = (size: number) => (random() - 0.5) * 2 * size * target;
      switch (phase.kind) {
        case 'on':
          // Axle by axle: the weight climbs in five steps and bounces as each one lands.
          return {
            weight: toDivision((target * Math.max(1, Math.ceil(done * 5))) / 5 + jitter(0.03)),
            motion: true,
          };
        case 'settling':
          return { weight: toDivision(target + jitter(0.01 * (1 - done))), motion: true };
        case 'settled':
          return { weight: toDivision(target), motion: false };
        case 'off':
          return { weight: toDivision(target * (1 - done) + jitter(0.03)), motion: true };
      }
    },
  };
}
