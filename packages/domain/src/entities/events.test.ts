import { describe, expect, it } from 'vitest';
import { forceLogoutEventSchema, quickLaunchFormUpdateSchema } from './events';

describe('R-ENTITY-37: force logout event', () => {
  it("takes logoutType 'none' or 'seatId' and an identifier", () => {
    expect(forceLogoutEventSchema.parse({ logoutType: 'none' })).toEqual({
      logoutType: 'none',
      identifier: null,
    });
    expect(
      forceLogoutEventSchema.parse({ logoutType: 'seatId', identifier: 'seat-9' }).identifier,
    ).toBe('seat-9');
    expect(forceLogoutEventSchema.safeParse({ logoutType: 'all' }).success).toBe(false);
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
