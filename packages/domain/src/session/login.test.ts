import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { classicAuthenticationSchema, loginSchema, tokenLoginSchema } from './login';

function issuesOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('R-VALID-1: login', () => {
  it('needs a username and a database, in the current wording by default', () => {
    expect(issuesOf(loginSchema().safeParse({ username: ' ', password: 'x' }))).toEqual([
      ['username', messages.loginRequired],
      ['database', messages.loginRequired],
    ]);
  });

  it('can use the older wording', () => {
    expect(issuesOf(loginSchema('legacy').safeParse({ username: 'ann' }))).toEqual([
      ['database', 'Please provide a user ID and select a database.'],
    ]);
  });

  it('trims the username and database but never the password', () => {
    expect(loginSchema().parse({ username: ' ann ', database: ' LIVE', password: ' p ' })).toEqual({
      username: 'ann',
      database: 'LIVE',
      password: ' p ',
    });
    expect(loginSchema().parse({ username: 'ann', database: 'LIVE' }).password).toBe('');
  });
});

describe('R-VALID-4: classic authentication', () => {
  it('needs server, database and username', () => {
    expect(issuesOf(classicAuthenticationSchema.safeParse({ database: 'LIVE' }))).toEqual([
      ['server', messages.classicAuthRequired],
      ['username', messages.classicAuthRequired],
    ]);
    expect(
      classicAuthenticationSchema.parse({ server: 'db1', database: 'LIVE', username: 'ann' }),
    ).toEqual({ server: 'db1', database: 'LIVE', username: 'ann', password: '' });
  });
});

describe('R-VALID-5: token login', () => {
  it('needs a non-blank token', () => {
    expect(tokenLoginSchema.safeParse({ token: 'abc' }).success).toBe(true);
    for (const token of ['', '  ', undefined, null]) {
      expect(issuesOf(tokenLoginSchema.safeParse({ token }))).toEqual([
        ['token', 'Token is required.'],
      ]);
    }
  });
});
