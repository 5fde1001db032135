import { describe, expect, it } from 'vitest';
import { menuEntryByEnumId } from './menu-catalogue';
import {
  isPinnable,
  quickLaunchFormUpdateSchema,
  quickMenuSchema,
  togglePinned,
} from './quick-menu';

const jobs = menuEntryByEnumId('JobMaintenance')!.id;
const trucks = menuEntryByEnumId('TruckMaintenance')!.id;
const users = menuEntryByEnumId('UserMaintenance')!.id;

describe('the quick menu', () => {
  it('pins only what the catalogue offers for it, each once', () => {
    expect(isPinnable(menuEntryByEnumId('JobMaintenance')!)).toBe(true);
    expect(isPinnable(menuEntryByEnumId('UserMaintenance')!)).toBe(false);
    expect(quickMenuSchema.parse({ formIds: [jobs, trucks] })).toEqual({ formIds: [jobs, trucks] });
    expect(quickMenuSchema.parse({ formIds: [] })).toEqual({ formIds: [] });
    const refused = quickMenuSchema.safeParse({ formIds: [jobs, users] });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['formIds.1', 'is not a form the quick menu offers'],
    ]);
    expect(quickMenuSchema.safeParse({ formIds: [jobs, jobs] }).error?.issues[0]?.message).toBe(
      'must list each form once',
    );
  });

  it('pins a form at the end and unpins it where it stands', () => {
    expect(togglePinned([jobs], trucks)).toEqual([jobs, trucks]);
    expect(togglePinned([jobs, trucks], jobs)).toEqual([trucks]);
  });
});

describe('R-ENTITY-31: quick launch form update', () => {
  it('has formIds and username', () => {
    expect(quickLaunchFormUpdateSchema.parse({ formIds: [15000, 22000], username: 'ann' })).toEqual(
      {
        formIds: [15000, 22000],
        username: 'ann',
      },
    );
    expect(quickLaunchFormUpdateSchema.safeParse({ formIds: ['x'], username: 'ann' }).success).toBe(
      false,
    );
  });
});
