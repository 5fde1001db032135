/**
 * R-SCALE-1, R-SCALE-3, R-SCALE-4: a scale's address, a reading's status, and the Handbook 44
 * rules a weight must keep to be taken or keyed.
 */
import { describe, expect, it } from 'vitest';
import {
  inWholeDivisions,
  keyedWeightProblem,
  parseScaleAddress,
  readingStatus,
  weighingProblem,
} from './scale';

const scale = { capacity: 200_000, division: 20, unit: 'lb' } as const;

describe('scale addresses (R-SCALE-1)', () => {
  it('reads a device server and a serial port with its settings and their defaults', () => {
    expect(parseScaleAddress('tcp://10.20.1.21:4001')).toEqual({
      address: { kind: 'tcp', host: '10.20.1.21', port: 4001 },
    });
    expect(parseScaleAddress('tcp://[fe80::1]:10001')).toEqual({
      address: { kind: 'tcp', host: 'fe80::1', port: 10001 },
    });
    expect(parseScaleAddress('serial:///dev/ttyS0')).toEqual({
      address: {
        kind: 'serial',
        path: '/dev/ttyS0',
        baudRate: 9600,
        dataBits: 7,
        parity: 'even',
        stopBits: 1,
      },
    });
    expect(
      parseScaleAddress('serial:///dev/ttyUSB0?baudRate=19200&dataBits=8&parity=none&stopBits=2'),
    ).toMatchObject({ address: { baudRate: 19200, dataBits: 8, parity: 'none', stopBits: 2 } });
  });

  it('says what is wrong with an address no driver can open', () => {
    expect(parseScaleAddress('com1')).toEqual({
      problem:
        'must be tcp://host:port or serial:///dev/ttyS0?baudRate=9600&dataBits=7&parity=even&stopBits=1',
    });
    expect(parseScaleAddress('tcp://scale:70000')).toEqual({
      problem: 'has a port outside 1 to 65535',
    });
    expect(parseScaleAddress('serial:///dev/ttyS0?baudRate=1000')).toEqual({
      problem:
        'has a baud rate that is not one of 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200',
    });
    expect(parseScaleAddress('serial:///dev/ttyS0?speed=9600')).toEqual({
      problem: 'has an unknown setting "speed"',
    });
    expect(parseScaleAddress('serial:///dev/ttyS0?parity=sometimes')).toMatchObject({
      problem: expect.stringContaining('parity') as unknown,
    });
  });
});

describe('a reading and the weight it may give (R-SCALE-3, R-SCALE-4)', () => {
  it('names the status: out of range and under zero before motion', () => {
    const at = (weight: number, motion = false, overRange = false) =>
      readingStatus({ weight, motion, overRange, capacity: 200_000, division: 20 });
    expect(at(60_000)).toBe('ok');
    expect(at(60_000, true)).toBe('motion');
    expect(at(200_180)).toBe('ok');
    expect(at(200_200, true)).toBe('overCapacity');
    expect(at(1_000, false, true)).toBe('overCapacity');
    expect(at(-20, true)).toBe('underZero');
  });

  it('takes only a stable weight in range, in whole divisions and in the scale unit', () => {
    const reading = { weight: 61_240, unit: 'lb', stable: true, status: 'ok' as const };
    expect(weighingProblem(reading, scale)).toBeNull();
    expect(weighingProblem({ ...reading, stable: false, status: 'motion' }, scale)).toBe(
      'the scale is in motion: wait for a stable weight',
    );
    expect(weighingProblem({ ...reading, status: 'disconnected', stable: false }, scale)).toBe(
      'the scale is not connected',
    );
    expect(weighingProblem({ ...reading, unit: 'kg' }, scale)).toMatch(/weighs in kg/);
    expect(weighingProblem({ ...reading, weight: 61_250 }, scale)).toBe(
      'must be in whole divisions of 20 lb',
    );
  });

  it('keeps a keyed weight within capacity plus nine divisions, above zero, in divisions', () => {
    expect(keyedWeightProblem(200_180, scale)).toBeNull();
    expect(keyedWeightProblem(200_200, scale)).toBe(
      "is over the scale's capacity: at most 200,180 lb",
    );
    expect(keyedWeightProblem(-20, scale)).toBe('must not be below zero');
    expect(inWholeDivisions(0.3, 0.1)).toBe(true);
    expect(inWholeDivisions(12.5, null)).toBe(true);
  });
});
