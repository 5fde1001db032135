/**
 * Bad input at every route (R-INPUT-1..2): each route of the OpenAPI document attacked with junk
 * ids, queries and bodies, with and without a session. Never a 5xx, and a refused request writes
 * nothing. The routes are dealt into shards, one test file each, so the files run side by side.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { resourceDefinitions } from '@dispatch/domain/resources/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../db/seed/demo';
import { createTestApp, type TestApp } from '../test/test-app';
import { databaseKinds } from '../test/test-tenancy';

type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  queryKeys: string[];
  bodyKeys: string[];
  formBody: boolean;
};

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: {
          content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
        };
      }
    >
  >;
};

/** Tables whose rows move on reads or on refused logins by design: session touches, attempt log. */
const notDigested = new Set(['sessions', 'login_attempts', '__drizzle_migrations']);

/** Every row count and version of every business table, as one number per table. */
async function digest(t: TestApp): Promise<string> {
  const { rows: tables } = await t.db.execute<{ table_name: string; has_version: boolean }>(sql`
    select c.table_name, bool_or(c.column_name = 'version') as has_version
      from information_schema.columns c
      join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
     group by c.table_name order by c.table_name`);
  const parts = tables
    .filter((table) => !notDigested.has(table.table_name))
    .map(
      (table) =>
        `select '${table.table_name}' as t, count(*)::text || ':' || ${table.has_version ? 'coalesce(sum(version), 0)' : '0'}::text as d from "${table.table_name}"`,
    );
  const { rows } = await t.db.execute<{ t: string; d: string }>(sql.raw(parts.join(' union all ')));
  return rows.map((row) => `${row.t}=${row.d}`).join(' ');
}

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer({ min: -3_000_000_000, max: 3_000_000_000 }).map(String),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '2026-13-45',
    '9'.repeat(40),
    'a\u0000b',
    "'; drop table orders; --",
    '%',
    '_',
    '\\',
  ),
);

const jsonJunk = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, 0, -1, 1e308, '', 'x'.repeat(5000), [], {}),
);

function operations(openApi: OpenApi): Operation[] {
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries(openApi.paths)) {
    if (path.startsWith('/docs')) continue;
    for (const [method, spec] of Object.entries(methods)) {
      const content = spec.requestBody?.content ?? {};
      const media = Object.keys(content)[0];
      result.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        queryKeys: (spec.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyKeys: Object.keys((media && content[media]?.schema?.properties) ?? {}),
        formBody: media === 'application/x-www-form-urlencoded',
      });
    }
  }
  return result;
}

export function describeBadInput(shard: number, shards: number): void {
  describe.each(databaseKinds)(
    `bad input at every route (part ${shard + 1} of ${shards}) on %s`,
    (kind) => {
      let t: TestApp;
      let token: string;
      let ops: Operation[] = [];
      let everyOp: Operation[] = [];

      beforeAll(async () => {
        t = await createTestApp(kind);
        await seedDemo(t.db, { today: '2026-11-20' });
        token = await t.login('admin', 'demo');
        const all = operations(
          (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApi>(),
        );
        everyOp = all;
        ops = all.filter((_op, index) => index % shards === shard);
      });
      afterAll(() => t.close());

      it('finds the routes to attack in the OpenAPI document', () => {
        expect(everyOp.length).toBeGreaterThan(25);
        expect(everyOp.map((op) => `${op.method} ${op.path}`)).toEqual(
          expect.arrayContaining([
            'POST /token',
            'PUT /api/v1/trucks/{id}/status',
            'GET /api/v1/orders',
          ]),
        );
      });

      it('never answers 5xx, and a refused request writes nothing', async () => {
        let before = await digest(t);
        for (const op of ops) {
          await fc.assert(
            fc.asyncProperty(
              fc.record({
                id: fc.oneof(fc.integer({ min: -5, max: 3_000_000_000 }).map(String), nasty),
                query: fc.dictionary(
                  fc.oneof(
                    fc.constantFrom(...op.queryKeys, 'limit', 'sort'),
                    fc.string({ maxLength: 8 }),
                  ),
                  nasty,
                  { maxKeys: 4 },
                ),
                body: fc.oneof(
                  fc.dictionary(fc.constantFrom(...op.bodyKeys, 'version', 'id'), jsonJunk, {
                    maxKeys: 6,
                  }),
                  jsonJunk,
                ),
                authenticated: fc.boolean(),
              }),
              async ({ id, query, body, authenticated }) => {
                const url =
                  op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(id)) +
                  (Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : '');
                const headers: Record<string, string> = authenticated
                  ? { authorization: `Bearer ${token}` }
                  : {};
                const withBody = op.method !== 'GET' && op.method !== 'DELETE';
                const response = await t.app.inject({
                  method: op.method,
                  url,
                  headers: op.formBody
                    ? {
                        ...headers,
                        database: t.database,
                        'content-type': 'application/x-www-form-urlencoded',
                      }
                    : headers,
                  ...(withBody
                    ? {
                        payload: op.formBody
                          ? new URLSearchParams(
                              Object.fromEntries(
                                Object.entries(typeof body === 'object' && body ? body : {}).map(
                                  ([k, v]) => [k, String(v)],
                                ),
                              ),
                            ).toString()
                          : (body as object),
                      }
                    : {}),
                });
                expect(
                  response.statusCode,
                  `${op.method} ${url} -> ${response.body.slice(0, 300)}`,
                ).toBeLessThan(500);
                const after = await digest(t);
                if (response.statusCode >= 400) {
                  expect(after, `${op.method} ${url} was refused but wrote`).toBe(before);
                }
                before = after;
              },
            ),
            // A fixed seed keeps CI reproducible; raise numRuns and drop the seed to hunt locally.
            // The resource engine's routes share one implementation (and the contract suite): a few
            // runs each cover them.
            { numRuns: isEngineRoute(op.path) ? 2 : 10, seed: 20261122 },
          );
        }
      }, 900_000);

      it('R-INPUT-1..2: answers a control character in any path parameter with 400 or 404', async () => {
        const withParams = ops.filter((op) => /\{[^}]+\}/.test(op.path));
        expect(withParams.length).toBeGreaterThan(1);
        const probes = ['%00', 'a%00b', '1%00', '%0A', '%1F', '%7F'];
        const before = await digest(t);
        for (const op of withParams) {
          for (const probe of probes) {
            const path = op.path.replace(/\{[^}]+\}/g, probe);
            // The parameter itself, and a deeper path no route declares.
            for (const url of [path, `${path}/x`]) {
              for (const authenticated of [false, true]) {
                const response = await t.app.inject({
                  method: op.method,
                  url,
                  headers: authenticated ? { authorization: `Bearer ${token}` } : {},
                  ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
                });
                const status = response.statusCode;
                const what = `${op.method} ${url} -> ${response.body.slice(0, 300)}`;
                expect(status, what).toBeGreaterThanOrEqual(400);
                expect(status, what).toBeLessThan(500);
              }
            }
          }
        }
        expect(await digest(t), 'a refused request wrote').toBe(before);
      }, 300_000);
    },
  );
}

const enginePaths = resourceDefinitions.map((definition) => `/api/v1/${definition.path}`);

function isEngineRoute(path: string): boolean {
  return enginePaths.some((base) => path === base || path.startsWith(`${base}/`));
}
