import { describe, expect, it } from 'vitest';
import { connectionInfoSchema } from './connection-info';

describe('R-ENTITY-29: connection info', () => {
  it('has database, loggedIn, username and programNameId', () => {
    expect(
      connectionInfoSchema.parse({ database: 'LIVE', loggedIn: true, username: 'ann' }),
    ).toEqual({
      database: 'LIVE',
      loggedIn: true,
      username: 'ann',
      programNameId: null,
    });
    expect(connectionInfoSchema.parse({})).toMatchObject({ loggedIn: false, database: '' });
  });
});
