/**
 * Every plant and truck route against every permission level (section 6): level 1 sees nothing,
 * 2 and 3 read but cannot write, 4 to 6 write; levels 2 and 4 never receive a price field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceFieldsIn } from '@dispatch/domain/pricing';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { plants } from '../../db/schema/plants';
import { trucks } from '../../db/schema/trucks';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { insertTruckLookups } from '../../../test/truck-fixtures';

const levels = [1, 2, 3, 4, 5, 6] as const;
type Level = (typeof levels)[number];

type Route = {
  name: string;
  kind: 'read' | 'create' | 'update';
  /** Whether the answer carries price fields for levels that may see them. */
  priced: boolean;
  request: (fixture: { plantId: number; truckId: number; level: Level }) => {
    method: 'GET' | 'POST' | 'PUT';
    url: string;
    payload?: object;
  };
};

const routes: Route[] = [
  {
    name: 'GET /api/v1/plants',
    kind: 'read',
    priced: true,
    request: () => ({ method: 'GET', url: '/api/v1/plants' }),
  },
  {
    name: 'GET /api/v1/plants/:id',
    kind: 'read',
    priced: true,
    request: (f) => ({ method: 'GET', url: `/api/v1/plants/${f.plantId}` }),
  },
  {
    name: 'POST /api/v1/plants',
    kind: 'create',
    priced: true,
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/plants',
      payload: { description: `Matrix plant ${f.level}`, systemTypeId: 1 },
    }),
  },
  {
    name: 'PUT /api/v1/plants/:id',
    kind: 'update',
    priced: true,
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/plants/${f.plantId}`,
      payload: { phoneNumber: '555-0199', version: 1 },
    }),
  },
  {
    name: 'GET /api/v1/trucks',
    kind: 'read',
    priced: false,
    request: () => ({ method: 'GET', url: '/api/v1/trucks' }),
  },
  {
    name: 'GET /api/v1/trucks/board',
    kind: 'read',
    priced: false,
    request: () => ({ method: 'GET', url: '/api/v1/trucks/board' }),
  },
  {
    name: 'GET /api/v1/trucks/:id',
    kind: 'read',
    priced: false,
    request: (f) => ({ method: 'GET', url: `/api/v1/trucks/${f.truckId}` }),
  },
  {
    name: 'POST /api/v1/trucks',
    kind: 'create',
    priced: false,
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/trucks',
      payload: { identificationNumber: `M${f.level}`, plantId: f.plantId },
    }),
  },
  {
    name: 'PUT /api/v1/trucks/:id',
    kind: 'update',
    priced: false,
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/trucks/${f.truckId}`,
      payload: { description: 'Matrix', version: 1 },
    }),
  },
  {
    name: 'PUT /api/v1/trucks/:id/status',
    kind: 'update',
    priced: false,
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/trucks/${f.truckId}/status`,
      payload: { statusId: truckStatusIds.inYard },
    }),
  },
];

function expectedStatus(level: Level, kind: Route['kind']): number {
  if (level === 1) return 403;
  if (kind === 'read') return 200;
  if (level === 2 || level === 3) return 403;
  return kind === 'create' ? 201 : 200;
}

const hidesPrices = (level: Level) => level === 2 || level === 4;

const cases = levels.flatMap((level) =>
  routes.map((route) => ({ level, route, status: expectedStatus(level, route.kind) })),
);

describe.each(databaseKinds)('permission matrix of the plant and truck routes on %s', (kind) => {
  let t: TestApp;
  const tokens = new Map<Level, string>();
  const plantOf = new Map<Level, number>();
  const truckOf = new Map<Level, number>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    await insertTruckLookups(t.db);
    for (const level of levels) {
      const username = `level${level}`;
      await t.addUser({
        username,
        groupIds: [1001, 1002, 1003],
        permissions: { 50601: level, 50401: level },
      });
      tokens.set(level, await t.login(username));
      // Each level edits its own rows, so every PUT sends version 1.
      const [plant] = await t.db
        .insert(plants)
        .values({
          description: `Plant ${level}`,
          systemTypeId: 1,
          truckCostHour: 70,
          priceAdjustment: 1.5,
        })
        .returning({ id: plants.id });
      plantOf.set(level, plant!.id);
      const [truck] = await t.db
        .insert(trucks)
        .values({
          identificationNumber: `${level}`,
          plantId: plant!.id,
          statusId: truckStatusIds.toPlant,
        })
        .returning({ id: trucks.id });
      truckOf.set(level, truck!.id);
    }
  });
  afterAll(() => t?.close());

  it.each(cases.map((c) => [c.level, c.route.name, c.status, c] as const))(
    'level %i: %s answers %i',
    async (_level, _name, status, { level, route }) => {
      const { method, url, payload } = route.request({
        level,
        plantId: plantOf.get(level)!,
        truckId: truckOf.get(level)!,
      });
      const response = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${tokens.get(level)!}` },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, response.body).toBe(status);
      if (status >= 400) {
        expect(response.json()).toMatchObject({ errorTypeId: 3, responseError: true });
        return;
      }
      const body: unknown = response.json();
      const priceFields = priceFieldsIn(body);
      if (!route.priced || hidesPrices(level)) {
        expect(priceFields).toEqual([]);
      } else {
        expect(priceFields.length).toBeGreaterThan(0);
        const first = ((body as { data?: unknown[] }).data?.[0] ?? body) as Record<string, unknown>;
        expect(first).toHaveProperty('truckCostHour');
        expect(first).toHaveProperty('priceAdjustment');
      }
    },
  );
});
