import { describe, expect, it } from 'vitest';
import { loginStatusSchema } from './login-status';

describe('R-ENTITY-1: login status', () => {
  it('parses {} as the logged-out state', () => {
    expect(loginStatusSchema.parse({})).toEqual({
      username: '',
      loggedIn: false,
      authToken: null,
      authTokenExpirationDate: null,
      database: '',
      serverAccess: false,
      legacyAccess: false,
    });
  });

  it('carries a logged-in session', () => {
    const status = loginStatusSchema.parse({
      username: 'ann',
      loggedIn: true,
      authToken: 'tok',
      authTokenExpirationDate: '2024-05-01T11:00:00',
      database: 'LIVE',
      serverAccess: true,
      legacyAccess: true,
    });
    expect(status.loggedIn).toBe(true);
    expect(loginStatusSchema.safeParse({ loggedIn: 'yes' }).success).toBe(false);
  });
});
