import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildNewTabLink, entryUrlParams, parseEntryUrl } from './entry-url';
import { menuCatalogue } from './menu/menu-catalogue';

describe('R-ENTRY-1..3, R-LINK-5: entry URLs', () => {
  it('reads a token login with its username, database, expiry and flags', () => {
    expect(
      parseEntryUrl(
        '?token=abc.def&username=Dana%20Ruiz&database=LIVE&expiresIn=3600&adminOnly=true&classic=1',
      ),
    ).toEqual({
      token: 'abc.def',
      username: 'Dana Ruiz',
      database: 'LIVE',
      expiresIn: 3600,
      adminOnly: true,
      classic: true,
      formId: null,
      formEnum: null,
      newTab: false,
    });
  });

  it('reads a whole URL, and a query without its question mark', () => {
    expect(parseEntryUrl('https://dispatch.example/home?token=t&newTab=1')).toMatchObject({
      token: 't',
      newTab: true,
    });
    expect(parseEntryUrl('token=t&formId=15000&formEnum=ConcreteOrderEntry')).toMatchObject({
      formId: 15000,
      formEnum: 'ConcreteOrderEntry',
    });
  });

  it.each(['', '?username=dana&database=LIVE', '?token=', '?token=%20%20'])(
    'means no token login when %j carries no token',
    (query) => {
      expect(parseEntryUrl(query)).toBeNull();
    },
  );

  it('selects the classic connection only for the flag 1', () => {
    for (const [value, classic] of [
      ['1', true],
      ['0', false],
      ['true', false],
      ['', false],
    ] as const) {
      expect(parseEntryUrl(`?token=t&classic=${value}`)?.classic, value).toBe(classic);
    }
  });

  it('reads the admin-only flag as a boolean', () => {
    expect(parseEntryUrl('?token=t&adminOnly=TRUE')?.adminOnly).toBe(true);
    expect(parseEntryUrl('?token=t&adminOnly=1')?.adminOnly).toBe(true);
    expect(parseEntryUrl('?token=t&adminOnly=false')?.adminOnly).toBe(false);
    expect(parseEntryUrl('?token=t')?.adminOnly).toBe(false);
  });

  it('drops an expiry or form id that is not a whole number, and blank text', () => {
    const parsed = parseEntryUrl(
      '?token=t&expiresIn=soon&formId=0&username=%20&database=&formEnum=',
    );
    expect(parsed).toMatchObject({
      expiresIn: null,
      formId: null,
      username: null,
      database: null,
      formEnum: null,
    });
    expect(parseEntryUrl('?token=t&expiresIn=99999999999999999999')?.expiresIn).toBeNull();
    expect(parseEntryUrl('?token=t&expiresIn=0')?.expiresIn).toBe(0);
  });

  it('names its parameters once', () => {
    const link = buildNewTabLink({
      path: '/orders/concrete',
      formId: 15000,
      formEnum: 'ConcreteOrderEntry',
      token: 'abc',
      adminOnly: false,
      classicConnected: true,
    });
    expect(link).toBe(
      `/orders/concrete?${entryUrlParams.formId}=15000&${entryUrlParams.formEnum}=ConcreteOrderEntry&${entryUrlParams.token}=abc&${entryUrlParams.adminOnly}=false&${entryUrlParams.classic}=1&${entryUrlParams.newTab}=1`,
    );
  });

  it('appends to a path that already has a query', () => {
    const link = buildNewTabLink({
      path: '/orders/concrete?orderId=9',
      formId: 15000,
      formEnum: 'ConcreteOrderEntry',
      token: 'abc',
      adminOnly: true,
      classicConnected: false,
    });
    expect(link.startsWith('/orders/concrete?orderId=9&formId=15000&')).toBe(true);
    expect(parseEntryUrl(link)).toMatchObject({ adminOnly: true, classic: false, newTab: true });
  });

  it('reads back every new-tab link it builds', () => {
    const screens = menuCatalogue.filter((entry) => entry.path !== null);
    const text = fc.string({ unit: 'binary', minLength: 1 }).filter((value) => value.trim() !== '');
    fc.assert(
      fc.property(
        fc.constantFrom(...screens),
        text,
        fc.option(text, { nil: null }),
        fc.option(text, { nil: null }),
        fc.option(fc.nat(), { nil: null }),
        fc.boolean(),
        fc.boolean(),
        (screen, token, username, database, expiresIn, adminOnly, classicConnected) => {
          const link = buildNewTabLink({
            path: screen.path ?? '/',
            formId: screen.id,
            formEnum: screen.enumId,
            token,
            username,
            database,
            expiresIn,
            adminOnly,
            classicConnected,
          });
          expect(parseEntryUrl(link)).toEqual({
            token,
            username,
            database,
            expiresIn,
            adminOnly,
            classic: classicConnected,
            formId: screen.id,
            formEnum: screen.enumId,
            newTab: true,
          });
        },
      ),
    );
  });
});
