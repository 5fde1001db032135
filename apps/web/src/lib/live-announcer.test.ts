import { frameworkDefaults } from '@dispatch/domain/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce, lastAnnouncement } from './live-announcer';

describe('live announcer (R-CONST-14)', () => {
  afterEach(() => vi.useRealTimers());

  it('says the words after the live announcer delay, and says the same words twice', () => {
    vi.useFakeTimers();
    announce('Truck 127 moved to place 2 of 3 in the yard');
    const region = document.querySelector('[aria-live="polite"][data-live-announcer]');
    expect(region).not.toBeNull();
    expect(lastAnnouncement()).toBe('');
    vi.advanceTimersByTime(frameworkDefaults.liveAnnouncerDelayMs - 1);
    expect(lastAnnouncement()).toBe('');
    vi.advanceTimersByTime(1);
    expect(lastAnnouncement()).toBe('Truck 127 moved to place 2 of 3 in the yard');

    // Cleared first, so a screen reader hears a repeat as a new announcement.
    announce('Truck 127 moved to place 2 of 3 in the yard');
    expect(lastAnnouncement()).toBe('');
    vi.advanceTimersByTime(frameworkDefaults.liveAnnouncerDelayMs);
    expect(lastAnnouncement()).toBe('Truck 127 moved to place 2 of 3 in the yard');
    expect(document.querySelectorAll('[data-live-announcer]')).toHaveLength(1);
  });
});
