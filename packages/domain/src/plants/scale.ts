/**
 * R-SCALE-1..6: a pit's truck scale as the plant record configures it, and the status of each
 * reading its indicator sends. One definition for the plant form, the server's drivers and the
 * ticket screen.
 */

/** What a scale reads in: North American pits in pounds, the rest in kilograms. */
export const scaleWeightUnits = ['lb', 'kg'] as const;
export type ScaleWeightUnit = (typeof scaleWeightUnits)[number];

/** Pounds in a kilogram (the international avoirdupois pound). */
export const poundsPerKilogram = 2.20462262;

/** How the server reads a scale: the demo's simulator or an indicator's wire format. */
export const scaleProtocols = ['simulated', 'toledo-continuous', 'sma'] as const;
export type ScaleProtocol = (typeof scaleProtocols)[number];

/**
 * What a reading says about the deck (R-SCALE-3): `ok` is a settled weight within range; every
 * other status is never stable, so no weight can be taken from it.
 */
export const scaleReadingStatuses = [
  'ok',
  'motion',
  'overCapacity',
  'underZero',
  'disconnected',
] as const;
export type ScaleReadingStatus = (typeof scaleReadingStatuses)[number];

/** A plant's scale settings, as the plants resource holds them. */
export type ScaleSettings = {
  scaleProtocol: ScaleProtocol;
  /** `tcp://host:port` or `serial:///dev/ttyS0?baudRate=9600&dataBits=7&parity=even&stopBits=1`. */
  scaleAddress: string | null;
  scaleCapacity: number | null;
  scaleDivision: number | null;
  scaleUnit: ScaleWeightUnit;
};

export const serialParities = ['none', 'even', 'odd', 'mark', 'space'] as const;
export type SerialParity = (typeof serialParities)[number];

export type ScaleAddress =
  | { kind: 'tcp'; host: string; port: number }
  | {
      kind: 'serial';
      path: string;
      baudRate: number;
      dataBits: 5 | 6 | 7 | 8;
      parity: SerialParity;
      stopBits: 1 | 1.5 | 2;
    };

const baudRates = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200];

/**
 * R-SCALE-1: reads a scale's address, or says what is wrong with it. Serial settings default to
 * 9600 baud, 7 data bits, even parity and 1 stop bit: the Toledo continuous output's usual
 * setting.
 */
export function parseScaleAddress(
  address: string,
): { address: ScaleAddress } | { problem: string } {
  const text = address.trim();
  const tcp = /^tcp:\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})\/?$/.exec(text);
  if (tcp) {
    const port = Number(tcp[2]);
    if (port < 1 || port > 65_535) return { problem: 'has a port outside 1 to 65535' };
    return { address: { kind: 'tcp', host: tcp[1]!.replace(/^\[|\]$/g, ''), port } };
  }
  const serial = /^serial:\/\/(\/[^?\s]+)(?:\?(.*))?$/.exec(text);
  if (!serial) {
    return {
      problem:
        'must be tcp://host:port or serial:///dev/ttyS0?baudRate=9600&dataBits=7&parity=even&stopBits=1',
    };
  }
  // The settings as a query string: key=value pairs joined by &.
  const settings = new Map<string, string>();
  for (const pair of (serial[2] ?? '').split('&').filter(Boolean)) {
    const [key = '', value = ''] = pair.split('=');
    if (!['baudRate', 'dataBits', 'parity', 'stopBits'].includes(key)) {
      return { problem: `has an unknown setting "${key}"` };
    }
    settings.set(key, value);
  }
  const baudRate = Number(settings.get('baudRate') ?? 9600);
  if (!baudRates.includes(baudRate)) {
    return { problem: `has a baud rate that is not one of ${baudRates.join(', ')}` };
  }
  const dataBits = Number(settings.get('dataBits') ?? 7);
  if (dataBits !== 5 && dataBits !== 6 && dataBits !== 7 && dataBits !== 8) {
    return { problem: 'has data bits that are not 5, 6, 7 or 8' };
  }
  const parity = settings.get('parity') ?? 'even';
  if (!(serialParities as readonly string[]).includes(parity)) {
    return { problem: `has a parity that is not one of ${serialParities.join(', ')}` };
  }
  const stopBits = Number(settings.get('stopBits') ?? 1);
  if (stopBits !== 1 && stopBits !== 1.5 && stopBits !== 2) {
    return { problem: 'has stop bits that are not 1, 1.5 or 2' };
  }
  return {
    address: {
      kind: 'serial',
      path: serial[1]!,
      baudRate,
      dataBits,
      parity: parity as SerialParity,
      stopBits,
    },
  };
}

/**
 * R-SCALE-3: a reading's status from what the indicator said. Out of range and under zero win
 * over motion, which wins over a settled weight.
 */
export function readingStatus(reading: {
  weight: number;
  motion: boolean;
  overRange: boolean;
  capacity: number | null;
  division: number | null;
}): Exclude<ScaleReadingStatus, 'disconnected'> {
  if (reading.overRange || overCapacity(reading.weight, reading.capacity, reading.division)) {
    return 'overCapacity';
  }
  if (reading.weight < 0) return 'underZero';
  return reading.motion ? 'motion' : 'ok';
}

/** Handbook 44 (S.1.7): a scale indicates no more than its capacity plus nine divisions. */
export function overCapacity(weight: number, capacity: number | null, division: number | null) {
  if (capacity === null || capacity <= 0) return false;
  return weight > capacity + 9 * (division ?? 0);
}

const divisionTolerance = 1e-6;

/** Whether a weight is a whole number of the scale's divisions (Handbook 44, S.1.2). */
export function inWholeDivisions(weight: number, division: number | null): boolean {
  if (division === null || division <= 0) return true;
  const divisions = weight / division;
  return Math.abs(divisions - Math.round(divisions)) < divisionTolerance;
}

/**
 * R-SCALE-4: why a weight cannot be taken from a reading (Handbook 44), or null when it can:
 * only a stable, in-range reading, at or above zero, in whole divisions.
 */
export function weighingProblem(
  reading: { weight: number; unit: string; stable: boolean; status: ScaleReadingStatus },
  scale: { capacity: number | null; division: number | null; unit: ScaleWeightUnit },
): string | null {
  switch (reading.status) {
    case 'disconnected':
      return 'the scale is not connected';
    case 'motion':
      return 'the scale is in motion: wait for a stable weight';
    case 'overCapacity':
      return `the weight is over the scale's capacity of ${formatScaleWeight(scale.capacity ?? 0, scale.unit)}`;
    case 'underZero':
      return 'the weight is below zero: zero the scale';
    case 'ok':
      break;
  }
  if (!reading.stable) return 'the scale is in motion: wait for a stable weight';
  if (reading.unit !== scale.unit) {
    return `the indicator weighs in ${reading.unit} but the scale is set up in ${scale.unit}: correct the plant's scale unit`;
  }
  return keyedWeightProblem(reading.weight, scale);
}

/** R-SCALE-4: the rules a weight keyed by hand keeps as well: range and whole divisions. */
export function keyedWeightProblem(
  weight: number,
  scale: { capacity: number | null; division: number | null; unit: ScaleWeightUnit },
): string | null {
  if (weight < 0) return 'must not be below zero';
  if (overCapacity(weight, scale.capacity, scale.division)) {
    const most = (scale.capacity ?? 0) + 9 * (scale.division ?? 0);
    return `is over the scale's capacity: at most ${formatScaleWeight(most, scale.unit)}`;
  }
  if (!inWholeDivisions(weight, scale.division)) {
    return `must be in whole divisions of ${formatScaleWeight(scale.division ?? 0, scale.unit)}`;
  }
  return null;
}

function formatScaleWeight(weight: number, unit: ScaleWeightUnit): string {
  return `${weight.toLocaleString('en-US')} ${unit}`;
}
