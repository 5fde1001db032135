import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emailCsvSchema, invalidEmailsMessage, isEmailAddress, parseEmailList } from './email-list';

const label = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/);
const simpleEmail = fc
  .tuple(label, label, fc.constantFrom('com', 'org', 'net', 'ca'))
  .map(([user, domain, tld]) => `${user}@${domain}.${tld}`);
const whitespace = fc.stringMatching(/^[ \t]{0,3}$/);
const notEmail = fc.stringMatching(/^[a-z0-9.]{1,12}$/);

describe('R-VALID-13: email lists', () => {
  it('trims each item of a comma-separated list', () => {
    expect(parseEmailList(' ann@plant.com ,bob@yard.org')).toEqual({
      valid: true,
      emails: ['ann@plant.com', 'bob@yard.org'],
    });
  });

  it('ignores empty items and accepts an empty list', () => {
    expect(parseEmailList('')).toEqual({ valid: true, emails: [] });
    expect(parseEmailList('a@b.co,, ,')).toEqual({ valid: true, emails: ['a@b.co'] });
  });

  it('reports exactly the items that are not email addresses', () => {
    expect(parseEmailList('a@b.co, nope , c@d , e@f.com')).toEqual({
      valid: false,
      invalid: ['nope', 'c@d'],
    });
    expect(isEmailAddress('a b@c.com')).toBe(false);
  });

  it('returns any list of valid addresses clean, whatever the spacing', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(whitespace, simpleEmail, whitespace)), (items) => {
        const csv = items.map(([before, email, after]) => `${before}${email}${after}`).join(',');
        expect(parseEmailList(csv)).toEqual({ valid: true, emails: items.map(([, e]) => e) });
      }),
    );
  });

  it('finds every invalid item mixed into a list', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            simpleEmail.map((v) => ({ v, ok: true })),
            notEmail.map((v) => ({ v, ok: false })),
          ),
        ),
        (items) => {
          const result = parseEmailList(items.map((item) => ` ${item.v} `).join(','));
          const bad = items.filter((item) => !item.ok).map((item) => item.v);
          if (bad.length === 0) expect(result.valid).toBe(true);
          else expect(result).toEqual({ valid: false, invalid: bad });
        },
      ),
    );
  });

  it('serves as a schema: the clean list kept as one string for storage', () => {
    expect(emailCsvSchema.parse(' a@b.co , c@d.org ,')).toBe('a@b.co,c@d.org');
    const failed = emailCsvSchema.safeParse('a@b.co, x, y@');
    expect(failed.error?.issues[0]?.message).toBe(invalidEmailsMessage(['x', 'y@']));
    expect(failed.error?.issues[0]?.message).toBe('Invalid email address: x, y@');
  });
});
