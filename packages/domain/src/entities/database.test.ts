import { describe, expect, it } from 'vitest';
import { databaseSchema } from './database';

describe('R-ENTITY-32: database', () => {
  it('has databaseName and serverName', () => {
    expect(databaseSchema.parse({ databaseName: 'LIVE', serverName: 'db1' })).toEqual({
      databaseName: 'LIVE',
      serverName: 'db1',
    });
    expect(databaseSchema.parse({ databaseName: 'DEMO' }).serverName).toBe('');
    expect(databaseSchema.safeParse({ serverName: 'db1' }).success).toBe(false);
  });
});
