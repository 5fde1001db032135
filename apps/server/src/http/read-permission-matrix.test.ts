import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuCatalogue } from '@dispatch/domain/menu/menu-catalogue';
import { legacyFormCatalogue } from '@dispatch/domain/menu/legacy-forms';
import { placeholderMenuId } from '@dispatch/domain/constants';
import { priceFieldsIn } from '@dispatch/domain/pricing';
import { seedDemo } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-tenancy';

/** The read routes of the resources; each answers a list and one row by id. */
const resources = [
  { path: '/api/v1/customers', priced: true },
  { path: '/api/v1/jobs', priced: false },
  { path: '/api/v1/products', priced: true },
  { path: '/api/v1/orders', priced: true },
  { path: '/api/v1/tickets', priced: true },
  { path: '/api/v1/plants', priced: true },
  { path: '/api/v1/trucks', priced: false },
] as const;

const levels = [1, 2, 3, 4, 5, 6] as const;
const hidesPrices = (level: number) => level === 2 || level === 4;

describe.each(databaseKinds)('permission matrix of the resource reads on %s', (kind) => {
  let t: TestApp;
  const tokens = new Map<number, string>();
  const firstIds = new Map<string, number>();
  const get = (url: string, level: number) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.get(level)}` } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const today = '2026-11-20';
    await seedDemo(t.db, { today });
    t.clock.now = new Date('2026-11-20T12:00:00');
    const forms = [...menuCatalogue, ...legacyFormCatalogue]
      .map((form) => form.id)
      .filter((id) => id !== placeholderMenuId);
    for (const level of levels) {
      await t.addUser({
        username: `level${level}`,
        groupIds: [1001, 1002, 1003],
        permissions: Object.fromEntries(forms.map((id) => [id, level])),
      });
      tokens.set(level, await t.login(`level${level}`));
    }
    for (const resource of resources) {
      const list = await get(`${resource.path}?limit=1`, 5);
      firstIds.set(resource.path, list.json<{ data: { id: number }[] }>().data[0]!.id);
    }
  });
  afterAll(() => t.close());

  it.each(resources.flatMap((resource) => levels.map((level) => [resource, level] as const)))(
    '%o at level %i',
    async (resource, level) => {
      let pricesSeen = 0;
      for (const url of [
        `${resource.path}?limit=20`,
        `${resource.path}/${firstIds.get(resource.path)}`,
      ]) {
        const response = await get(url, level);
        if (level === 1) {
          expect(response.statusCode, url).toBe(403);
          expect(response.json<{ message: string }>().message).toMatch(
            /^You do not have permissions to access this form /,
          );
          continue;
        }
        expect(response.statusCode, url).toBe(200);
        const prices = priceFieldsIn(response.json());
        if (hidesPrices(level)) expect(prices, url).toEqual([]);
        pricesSeen += prices.length;
      }
      if (resource.priced && level > 1 && !hidesPrices(level)) {
        expect(pricesSeen).toBeGreaterThan(0);
      }
    },
  );
});
