import { describe, expect, it } from 'vitest';
import { forceLogoutEventSchema } from '../entities/events';
import { shouldForceLogout } from './forced-logout';

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
