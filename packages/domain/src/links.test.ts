import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildQuery,
  linkParams,
  orderFormRoute,
  parseQuery,
  resolveLink,
  splitLink,
} from './links';
import type { LinkAction } from './links';
import { messages, warnings } from './messages';

function opened(action: LinkAction): string | null | undefined {
  return action.kind === 'open' ? action.entry.path : undefined;
}

/** Where an opened link goes: the screen, at the record the link names. */
const routeOf = (action: LinkAction) => (action.kind === 'open' ? action.to : undefined);

describe('R-LINK-1..3: link handling, orders', () => {
  it.each([
    ['1', '/orders/concrete'],
    ['2', '/orders/aggregate'],
    ['3', '/orders/block'],
  ])('opens order entry for system type %s', (value, path) => {
    expect(opened(resolveLink(`/orders/view?${linkParams.systemTypeId}=${value}`))).toBe(path);
  });

  it.each([
    ['1', '/orders/audit/concrete'],
    ['2', '/orders/audit/aggregate'],
    ['3', '/orders/audit/block'],
  ])('opens the audit order form for system type %s when the link says audit', (value, path) => {
    const link = `https://dispatch.example/orders/audit/42?systemTypeId=${value}&orderId=42`;
    expect(opened(resolveLink(link))).toBe(path);
  });

  it.each(['0', '4', 'concrete', '1.5', '-1', ' 9 '])(
    'rejects the unknown system type %j as an invalid hyperlink',
    (value) => {
      expect(resolveLink(`/orders/?systemTypeId=${encodeURIComponent(value)}`)).toEqual({
        kind: 'error',
        message: messages.invalidHyperlink,
      });
    },
  );

  it.each([
    '/orders/concrete',
    '/orders/concrete?orderId=3',
    '/orders/x?systemTypeId=',
    '/orders/x?systemTypeId',
  ])('warns and opens nothing when %s has no system type', (link) => {
    expect(resolveLink(link)).toEqual({
      kind: 'warning',
      message: warnings.linkParameterMissing,
    });
  });

  it('reads the parameter, not the path, and ignores the fragment', () => {
    expect(opened(resolveLink('/Orders/123?systemTypeId=%202%20#details'))).toBe(
      '/orders/aggregate',
    );
    expect(resolveLink('/reports?next=orders/concrete').kind).toBe('none');
  });
});

describe('R-OAUD-6: an orders/ link that names its order', () => {
  it.each([
    ['/orders/view?systemTypeId=1&orderId=42', '/orders/concrete/42'],
    ['/orders/view?systemTypeId=3&orderId=7', '/orders/block/7'],
    [
      'https://dispatch.example/orders/audit?systemTypeId=1&orderId=42',
      '/orders/audit/concrete?orderId=42',
    ],
    ['orders/audit/x?orderId=%2042%20&systemTypeId=2', '/orders/audit/aggregate?orderId=42'],
    ['/orders/audit?systemTypeId=2', '/orders/audit/aggregate'],
    ['/orders/view?systemTypeId=2&orderId=', '/orders/aggregate'],
  ])('%s goes to %s', (link, route) => {
    expect(routeOf(resolveLink(link))).toBe(route);
  });

  it.each(['0', '-3', 'abc', '4.5', '1e3', '01', '1234567890'])(
    'treats the order id %j as an invalid hyperlink',
    (orderId) => {
      expect(resolveLink(`/orders/audit?systemTypeId=1&orderId=${orderId}`)).toEqual({
        kind: 'error',
        message: messages.invalidHyperlink,
      });
    },
  );

  it('still warns first when the system type is missing, whatever the order', () => {
    expect(resolveLink('/orders/audit?orderId=abc').kind).toBe('warning');
  });

  it('a maintenance link goes to its path; a product link ignores an order id', () => {
    expect(routeOf(resolveLink('/customers/maintenance?orderId=3'))).toBe('/customers/maintenance');
    expect(routeOf(resolveLink('/products/maintenance?systemTypeId=1&orderId=x'))).toBe(
      '/products/maintenance/concrete',
    );
  });

  it('builds the route of an order form, with or without the order', () => {
    expect(orderFormRoute('orderEntry', 2)).toBe('/orders/aggregate');
    expect(orderFormRoute('orderEntry', 2, 9)).toBe('/orders/aggregate/9');
    expect(orderFormRoute('auditOrder', 3, 9)).toBe('/orders/audit/block?orderId=9');
    expect(orderFormRoute('auditOrder', 1)).toBe('/orders/audit/concrete');
  });
});

describe('R-LINK-4: link handling, maintenance', () => {
  it.each([
    ['/products/maintenance/aggregate', '/products/maintenance/aggregate'],
    ['/products/maintenance/raw-material?id=4', '/products/maintenance/raw-material'],
    ['https://dispatch.example/ticketing/edit-tickets', '/ticketing/edit-tickets'],
    ['/trucks/maintenance', '/trucks/maintenance'],
    ['/trucks/company-maintenance', '/trucks/company-maintenance'],
    ['/customers/maintenance?customerId=1', '/customers/maintenance'],
    ['/employees/maintenance', '/employees/maintenance'],
    ['/quote/maintenance?quoteId=5', '/quote/maintenance'],
  ])('opens %s as %s', (link, path) => {
    expect(opened(resolveLink(link))).toBe(path);
  });

  it('picks the product screen of a bare products/maintenance link by system type', () => {
    expect(opened(resolveLink('/products/maintenance?systemTypeId=3'))).toBe(
      '/products/maintenance/block',
    );
    expect(resolveLink('/products/maintenance').kind).toBe('warning');
    expect(resolveLink('/products/maintenance?systemTypeId=7').kind).toBe('error');
  });

  it('opens edit tickets at the ticket and truck maintenance at the truck a link names (R-LINK-6)', () => {
    expect(routeOf(resolveLink('https://dispatch.example/ticketing/edit-tickets?ticketId=9'))).toBe(
      '/ticketing/edit-tickets?ticketId=9',
    );
    expect(routeOf(resolveLink('/Ticketing/Edit-Tickets?ticketId=+1042+#top'))).toBe(
      '/ticketing/edit-tickets?ticketId=1042',
    );
    expect(routeOf(resolveLink('/trucks/maintenance?truckId=7'))).toBe('/trucks/maintenance/7');
    // Another screen's parameter is not this one's record.
    expect(routeOf(resolveLink('/trucks/maintenance?ticketId=7'))).toBe('/trucks/maintenance');
    expect(routeOf(resolveLink('/ticketing/edit-tickets?ticketId='))).toBe(
      '/ticketing/edit-tickets',
    );
    for (const link of [
      '/ticketing/edit-tickets?ticketId=abc',
      '/ticketing/edit-tickets?ticketId=0',
      '/trucks/maintenance?truckId=-3',
    ]) {
      expect(resolveLink(link)).toEqual({ kind: 'error', message: messages.invalidHyperlink });
    }
  });

  it('does not mistake batch edit tickets for edit tickets', () => {
    expect(resolveLink('/ticketing/batch-edit-tickets').kind).toBe('none');
  });

  it('opens nothing for other links', () => {
    expect(resolveLink('/reports')).toEqual({ kind: 'none' });
    expect(resolveLink('')).toEqual({ kind: 'none' });
  });
});

describe('R-LINK-5: link query strings', () => {
  it('splits a link at its first question mark and drops the fragment', () => {
    expect(splitLink('/a/b?x=1?y#z')).toEqual({ path: '/a/b', query: 'x=1?y' });
    expect(splitLink('/a/b#z')).toEqual({ path: '/a/b#z', query: '' });
  });

  it('parses names and values, decoding them and keeping the first of a repeated name', () => {
    const params = parseQuery('?a=1&b=two+words&c=%E2%9C%93&a=2&flag&&d=%zz&=e');
    expect([...params]).toEqual([
      ['a', '1'],
      ['b', 'two words'],
      ['c', '✓'],
      ['flag', ''],
      ['d', '%zz'],
      ['', 'e'],
    ]);
  });

  it('builds a query, leaving out null and undefined', () => {
    expect(buildQuery({ a: 1, b: 'x y&z', c: null, d: undefined, e: false })).toBe(
      'a=1&b=x%20y%26z&e=false',
    );
    expect(buildQuery({})).toBe('');
  });

  it('reads back what it builds', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' })), {
          selector: ([name]) => name,
        }),
        (pairs) => {
          const built = buildQuery(Object.fromEntries(pairs));
          expect(parseQuery(built)).toEqual(new Map(pairs));
        },
      ),
    );
  });
});
