import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createStatusModal,
  normalizeProgress,
  startProgress,
  statusItem,
  statusModalView,
  statusOfProgress,
  totalProgress,
  withItemProgress,
} from './status-modal';

const itemProgress = fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 100 }));

describe('R-STATUS-1: status item', () => {
  it('is waiting at 0, active from 1 to 99, success at 100 and error at -1', () => {
    expect(statusOfProgress(0)).toBe('waiting');
    expect(statusOfProgress(1)).toBe('active');
    expect(statusOfProgress(99)).toBe('active');
    expect(statusOfProgress(100)).toBe('success');
    expect(statusOfProgress(-1)).toBe('error');
  });

  it('brings stray numbers onto the scale', () => {
    expect(normalizeProgress(-7)).toBe(-1);
    expect(normalizeProgress(250)).toBe(100);
    expect(normalizeProgress(42.9)).toBe(42);
    expect(normalizeProgress(Number.NaN)).toBe(0);
    expect(statusItem('Dispatcher', 99.5)).toEqual({
      title: 'Dispatcher',
      progress: 99,
      status: 'active',
    });
  });

  it('property: every number gives a progress of -1 or 0..100 and a matching status', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        const item = statusItem('x', value);
        expect(item.progress === -1 || (item.progress >= 0 && item.progress <= 100)).toBe(true);
        expect(Number.isInteger(item.progress)).toBe(true);
        expect(item.status).toBe(statusOfProgress(item.progress));
      }),
    );
  });
});

describe('R-STATUS-2..4: status modal', () => {
  it('starts at a whole number from 1 to 20', () => {
    expect(startProgress(() => 0)).toBe(1);
    expect(startProgress(() => 0.999999)).toBe(20);
    expect(startProgress(() => 1)).toBe(20);
    expect(startProgress(() => -3)).toBe(1);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) => {
        const value = startProgress(() => r);
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(1);
        expect(value).toBeLessThanOrEqual(20);
      }),
    );
  });

  it('uses every start value from 1 to 20', () => {
    const seen = new Set(Array.from({ length: 20 }, (_, i) => startProgress(() => i / 20)));
    expect(seen.size).toBe(20);
  });

  it('totals the floor of the average, errors counting as 100', () => {
    expect(totalProgress([statusItem('a', 50), statusItem('b', 25)])).toBe(37);
    expect(totalProgress([statusItem('a', -1), statusItem('b', 0)])).toBe(50);
    expect(totalProgress([])).toBe(0);
  });

  it('property: the total is within 0..100 and is the floor of the average with errors as 100', () => {
    fc.assert(
      fc.property(fc.array(itemProgress, { minLength: 1 }), (values) => {
        const total = totalProgress(values.map((value, i) => statusItem(String(i), value)));
        const counted = values.map((value) => (value === -1 ? 100 : value));
        expect(total).toBe(Math.floor(counted.reduce((a, b) => a + b, 0) / counted.length));
        expect(total).toBeGreaterThanOrEqual(0);
        expect(total).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('keeps running below 100 and does not close', () => {
    const modal = createStatusModal('Connecting', [statusItem('a', 100), statusItem('b', 40)]);
    expect(statusModalView(modal)).toEqual({
      progress: 70,
      danger: false,
      running: true,
      autoCloseAfterMs: null,
    });
  });

  it('stops at 100 and closes after 500 ms when nothing failed', () => {
    const modal = createStatusModal('Connecting', [statusItem('a', 100), statusItem('b', 100)]);
    expect(statusModalView(modal)).toEqual({
      progress: 100,
      danger: false,
      running: false,
      autoCloseAfterMs: 500,
    });
  });

  it('marks an error as danger and stays open while it has buttons', () => {
    const modal = createStatusModal(
      'Connecting',
      [statusItem('a', -1), statusItem('b', 100)],
      ['Retry'],
    );
    expect(statusModalView(modal)).toEqual({
      progress: 100,
      danger: true,
      running: false,
      autoCloseAfterMs: null,
    });
  });

  it('closes with an error once no buttons remain', () => {
    const modal = createStatusModal('Connecting', [statusItem('a', -1)]);
    expect(statusModalView(modal).danger).toBe(true);
    expect(statusModalView(modal).autoCloseAfterMs).toBe(500);
  });

  it('property: the modal runs exactly while the total is below 100', () => {
    fc.assert(
      fc.property(fc.array(itemProgress), fc.boolean(), (values, withButton) => {
        const modal = createStatusModal(
          'Connecting',
          values.map((value, i) => statusItem(String(i), value)),
          withButton ? ['Retry'] : [],
        );
        const view = statusModalView(modal);
        expect(view.running).toBe(view.progress < 100);
        expect(view.danger).toBe(values.includes(-1));
        const closes = !view.running && (!view.danger || !withButton);
        expect(view.autoCloseAfterMs).toBe(closes ? 500 : null);
      }),
    );
  });

  it('updates one item by title', () => {
    const modal = createStatusModal('Connecting', [statusItem('a', 10), statusItem('b', 10)]);
    const next = withItemProgress(modal, 'b', -1);
    expect(next.statusItems).toEqual([statusItem('a', 10), statusItem('b', -1)]);
    expect(modal.statusItems[1]?.progress).toBe(10);
  });
});
