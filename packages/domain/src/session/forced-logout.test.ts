import { describe, expect, it } from 'vitest';
import { forceLogoutEventSchema, shouldForceLogout } from './forced-logout';

describe('R-LOGOUT-4: forced logout', () => {
  it('logs out every browser when there is no identifier', () => {
    expect(shouldForceLogout({ logoutType: 'none', identifier: null }, 'seat-a')).toBe(true);
    expect(shouldForceLogout({ logoutType: 'none', identifier: null }, null)).toBe(true);
    expect(shouldForceLogout({ logoutType: 'seatId', identifier: '' }, 'seat-a')).toBe(true);
    expect(shouldForceLogout({ logoutType: 'none', identifier: 'seat-b' }, 'seat-a')).toBe(true);
  });

  it('logs out only the browser holding the named seat', () => {
    expect(shouldForceLogout({ logoutType: 'seatId', identifier: 'seat-a' }, 'seat-a')).toBe(true);
    expect(shouldForceLogout({ logoutType: 'seatId', identifier: 'seat-b' }, 'seat-a')).toBe(false);
    expect(shouldForceLogout({ logoutType: 'seatId', identifier: 'seat-a' }, null)).toBe(false);
  });

  it('applies to the parsed dispatcher message', () => {
    const message = forceLogoutEventSchema.parse({ logoutType: 'none' });
    expect(shouldForceLogout(message, 'seat-a')).toBe(true);
  });
});

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
