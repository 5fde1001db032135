import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { messages } from '../messages';
import {
  checkReturnedDatabase,
  databaseNameSchema,
  databasePathSegment,
  databaseSchema,
} from './database';

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

describe('R-VALID-2: database names', () => {
  it('must be a non-empty string', () => {
    expect(databaseNameSchema.safeParse('LIVE').success).toBe(true);
    for (const bad of ['', '   ', null, undefined, 42]) {
      expect(databaseNameSchema.safeParse(bad).error?.issues[0]?.message).toBe(
        'Database is required.',
      );
    }
  });

  it('is escaped before it goes into a path', () => {
    expect(databasePathSegment('LIVE')).toBe('LIVE');
    expect(databasePathSegment(' Plant #2/Test ')).toBe('Plant%20%232%2FTest');
    expect(() => databasePathSegment('  ')).toThrow('Database is required.');
  });

  it('never lets a path separator or query character through', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ''),
        (name) => {
          const segment = databasePathSegment(name);
          expect(segment).not.toMatch(/[/?#\s]/);
          expect(decodeURIComponent(segment)).toBe(name.trim());
        },
      ),
    );
  });
});

describe('R-VALID-3: returned database', () => {
  it('must have a server name', () => {
    expect(checkReturnedDatabase({ databaseName: 'LIVE', serverName: 'db1' })).toEqual({
      ok: true,
      database: { databaseName: 'LIVE', serverName: 'db1' },
    });
    for (const bad of [
      { databaseName: 'LIVE', serverName: '' },
      { databaseName: 'LIVE' },
      { databaseName: 'LIVE', serverName: null },
      { databaseName: '', serverName: 'db1' },
      null,
      'LIVE',
    ]) {
      expect(checkReturnedDatabase(bad)).toEqual({ ok: false, error: messages.databaseInvalid });
    }
  });
});
