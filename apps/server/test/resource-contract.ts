/**
 * One contract, every resource (R-RES-9): what any maintained noun must do through the API, on
 * PGlite and on PostgreSQL. A new definition is covered here without a line of its own.
 *
 * The definitions are dealt to parts, one test file each (resource-contract-N.test.ts), so the
 * server suite's workers share them: as one file it took 105 s, the suite's longest by far, and
 * ended the run alone (ADR 017, thirteenth pass).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuCatalogue } from '@dispatch/domain/menu/menu-catalogue';
import { formIdOf, priceFieldsOf, writableFields } from '@dispatch/domain/resources/define';
import { isTextKind } from '@dispatch/domain/resources/field';
import {
  pickedOnlyByAdministrators,
  pickFormsOf,
  resourceDefinitions,
} from '@dispatch/domain/resources/registry';
import { listenToDispatch, settle, type DispatchListener } from './dispatch-listener';
import { systemParameters } from '../src/db/schema/settings';
import { createSample, sampleBody, wrongValue } from './resource-samples';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-tenancy';

type Json = Record<string, unknown>;
type Listed = { error: boolean; count: number; data: Json[] };

const everyForm = (level: number) =>
  Object.fromEntries(menuCatalogue.map((entry) => [entry.id, level]));

export function describeResourceContract(part: number, parts: number): void {
  describe.each(databaseKinds)(
    `the resource contract (part ${part + 1} of ${parts}) on %s`,
    (kind) => {
      let t: TestApp;
      let events: DispatchListener;
      const tokens: Record<string, string> = {};
      const call = (
        method: 'GET' | 'POST' | 'PUT' | 'DELETE',
        url: string,
        who: string,
        payload?: unknown,
      ) =>
        t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${tokens[who]}` },
          ...(payload === undefined ? {} : { payload: payload as Json }),
        });

      beforeAll(async () => {
        t = await createTestApp(kind);
        // Every optional resource switched on (external users are kept only while allowed).
        await t.db
          .insert(systemParameters)
          .values({ key: 'externalUsersEnabled', value: true })
          .onConflictDoUpdate({ target: systemParameters.key, set: { value: true } });
        events = await listenToDispatch(await t.tenancy.open(t.database));
        const groupIds = [1001, 1002, 1003];
        await t.addUser({
          username: 'admin',
          groupIds,
          permissions: everyForm(5),
          isSysadmin: true,
        });
        for (const level of [1, 2, 3, 4, 5, 6]) {
          await t.addUser({ username: `level${level}`, groupIds, permissions: everyForm(level) });
        }
        for (const who of ['admin', 'level1', 'level2', 'level3', 'level4', 'level5', 'level6']) {
          tokens[who] = await t.login(who);
        }
      });
      afterAll(async () => {
        await events?.stop();
        await t?.close();
      });

      const dealt = resourceDefinitions.filter((_definition, index) => index % parts === part);
      describe.each(dealt.map((definition) => [definition.name, definition] as const))(
        '%s',
        (_name, definition) => {
          const base = `/api/v1/${definition.path}`;
          // Who maintains it: an administrator for lookups, anyone with full access otherwise.
          const owner = definition.admin ? 'admin' : 'level5';
          // Prices kept in child rows are the business of the noun's own tests (customers, quotes).
          const prices = priceFieldsOf(definition).filter((name) => name in definition.fields);
          // A record named by a reference (a static product by its product) shows that one's label.
          const labelOf = (record: Json) =>
            definition.fields[definition.labelField]?.reference
              ? (record.labels as Record<string, string>)[definition.labelField]
              : String(record[definition.labelField]);
          const changed = (event: { data?: unknown }, id: number, action: string) => {
            const data = event.data as Json;
            return data.resource === definition.name && data.id === id && data.action === action;
          };

          it('creates (201), answering what was sent, version 1 and who made it, and publishes it', async () => {
            const body = await sampleBody(t, tokens.admin!, definition);
            const response = await call('POST', base, owner, body);
            expect(response.statusCode, response.body).toBe(201);
            const created = response.json<Json>();
            expect(created).toMatchObject({ version: 1, modifiedBy: owner });
            for (const [name] of writableFields(definition.fields)) {
              expect(created[name], name).toEqual(body[name]);
            }
            await events.next('resourceChanged_v1', (event) =>
              changed(event, created.id as number, 'created'),
            );
          });

          it('lists with search, every sort, paging and the total count', async () => {
            const record = await createSample(t, tokens.admin!, definition);
            const label = String(record[definition.labelField]);
            const found = (
              await call('GET', `${base}?search=${encodeURIComponent(label)}`, owner)
            ).json<Listed>();
            expect(found.data.map((row) => row.id)).toContain(record.id);
            expect(found.count).toBeGreaterThanOrEqual(1);
            for (const sort of definition.sort) {
              for (const order of ['asc', 'desc']) {
                const sorted = await call(
                  'GET',
                  `${base}?sort=${sort}&order=${order}&limit=2`,
                  owner,
                );
                expect(sorted.statusCode, `${sort} ${order}`).toBe(200);
                expect(sorted.json<Listed>().data.length).toBeLessThanOrEqual(2);
              }
            }
            const unknownSort = await call('GET', `${base}?sort=nope`, owner);
            expect(unknownSort.statusCode).toBe(400);
          });

          it('reads one record, and answers 404 for an id that does not exist', async () => {
            const record = await createSample(t, tokens.admin!, definition);
            const read = await call('GET', `${base}/${record.id}`, owner);
            expect(read.statusCode).toBe(200);
            expect(read.json<Json>()).toMatchObject({ id: record.id, version: 1 });
            const missing = await call('GET', `${base}/2147480000`, owner);
            expect(missing.statusCode).toBe(404);
          });

          it('updates with the version read, takes its own answer back, and publishes each change', async () => {
            const record = await createSample(t, tokens.admin!, definition);
            const label = definition.fields[definition.labelField]!;
            const renamed = isTextKind(label.kind)
              ? `Renamed ${record.id}`
              : record[definition.labelField];
            const response = await call('PUT', `${base}/${record.id}`, owner, {
              [definition.labelField]: renamed,
              version: 1,
            });
            expect(response.statusCode, response.body).toBe(200);
            expect(response.json<Json>()).toMatchObject({
              version: 2,
              [definition.labelField]: renamed,
            });
            await events.next('resourceChanged_v1', (event) =>
              changed(event, record.id, 'updated'),
            );

            const answered = (await call('GET', `${base}/${record.id}`, owner)).json<Json>();
            const sentBack = await call('PUT', `${base}/${record.id}`, owner, answered);
            expect(sentBack.statusCode, sentBack.body).toBe(200);
            expect(sentBack.json<Json>().version).toBe(3);
          });

          it('refuses a stale version with 409 naming who changed it, and publishes nothing', async () => {
            const record = await createSample(t, tokens.admin!, definition);
            await call('PUT', `${base}/${record.id}`, owner, { version: 1 });
            await events.next('resourceChanged_v1', (event) =>
              changed(event, record.id, 'updated'),
            );
            events.clear();
            const stale = await call('PUT', `${base}/${record.id}`, owner, { version: 1 });
            expect(stale.statusCode).toBe(409);
            const body = stale.json<{ code: string; message: string; data: Json }>();
            expect(body.code).toBe('stale_version');
            expect(body.data).toMatchObject({ currentVersion: 2, modifiedBy: owner });
            expect(body.message).toContain(owner);
            await settle();
            expect(events.events.filter((event) => changed(event, record.id, 'updated'))).toEqual(
              [],
            );
          });

          it('refuses bad input with 400 naming the field, and keeps what was saved', async () => {
            const [name, field] = writableFields(definition.fields)[0]!;
            const body = {
              ...(await sampleBody(t, tokens.admin!, definition)),
              [name]: wrongValue(field),
            };
            const created = await call('POST', base, owner, body);
            expect(created.statusCode).toBe(400);
            expect(created.json<{ data: { field: string }[] }>().data[0]!.field).toBe(name);

            const record = await createSample(t, tokens.admin!, definition);
            const updated = await call('PUT', `${base}/${record.id}`, owner, {
              [name]: wrongValue(field),
              version: 1,
            });
            expect(updated.statusCode).toBe(400);
            const kept = (await call('GET', `${base}/${record.id}`, owner)).json<Json>();
            expect(kept[name]).toEqual(record[name]);
            expect(kept.version).toBe(1);
          });

          it('publishes nothing when the database refuses a write', async () => {
            const reference = writableFields(definition.fields).find(
              ([, field]) => field.reference,
            );
            const body = await sampleBody(t, tokens.admin!, definition);
            if (reference) body[reference[0]] = 2_147_480_000;
            else if (definition.givenId)
              body.id = (await createSample(t, tokens.admin!, definition)).id;
            else body[definition.labelField] = '';
            // The samples' own events may still be on their way.
            await settle(300);
            events.clear();
            const refused = await call('POST', base, owner, body);
            expect([400, 409]).toContain(refused.statusCode);
            await settle();
            expect(
              events.events.filter((event) => (event.data as Json)?.action === 'created'),
            ).toEqual([]);
          });

          if (definition.admin) {
            it('is for administrators: others may neither read nor write it', async () => {
              expect((await call('GET', base, 'level5')).statusCode).toBe(403);
              const body = await sampleBody(t, tokens.admin!, definition);
              expect((await call('POST', base, 'level5', body)).statusCode).toBe(403);
            });
          } else {
            it('lets read-only levels read but not write, and level 1 not even read', async () => {
              const record = await createSample(t, tokens.admin!, definition);
              for (const who of ['level2', 'level3']) {
                expect((await call('GET', `${base}/${record.id}`, who)).statusCode).toBe(200);
                const refused = await call('PUT', `${base}/${record.id}`, who, { version: 1 });
                expect(refused.statusCode).toBe(403);
              }
              const none = await call('GET', base, 'level1');
              expect(none.statusCode).toBe(403);
              expect(none.json<{ message: string }>().message).toMatch(
                /^You do not have permissions to access this form/,
              );
            });
          }

          if (prices.length > 0 && !definition.admin) {
            it('hides prices from levels 2 and 4, and keeps levels 3 and 6 from changing them', async () => {
              const record = await createSample(t, tokens.admin!, definition);
              for (const who of ['level2', 'level4']) {
                const read = (await call('GET', `${base}/${record.id}`, who)).json<Json>();
                for (const price of prices)
                  expect(read, `${who} ${price}`).not.toHaveProperty(price);
                const listed = (await call('GET', base, who)).json<Listed>();
                for (const price of prices) expect(listed.data[0]).not.toHaveProperty(price);
              }
              const price = prices[0]!;
              const changedPrice = await call('PUT', `${base}/${record.id}`, 'level6', {
                [price]: 99,
                version: 1,
              });
              expect(changedPrice.statusCode).toBe(403);
              const unchanged = (await call('GET', `${base}/${record.id}`, 'level6')).json<Json>();
              const sentBack = await call('PUT', `${base}/${record.id}`, 'level6', unchanged);
              expect(sentBack.statusCode, sentBack.body).toBe(200);
              const hidden = await call('PUT', `${base}/${record.id}`, 'level4', {
                [price]: 1,
                version: 2,
              });
              expect(hidden.statusCode).toBe(403);
            });
          }

          it('deletes: deactivates where it can, and publishes that', async () => {
            const record = await createSample(t, tokens.admin!, definition);
            const removed = await call('DELETE', `${base}/${record.id}?version=1`, owner);
            if (definition.deactivates) {
              expect(removed.statusCode).toBe(200);
              expect(removed.json<Json>()).toMatchObject({ inactiveFlag: true, version: 2 });
              const active = (await call('GET', `${base}?limit=500`, owner)).json<Listed>();
              expect(active.data.map((row) => row.id)).not.toContain(record.id);
              await events.next('resourceChanged_v1', (event) =>
                changed(event, record.id, 'deactivated'),
              );
            } else {
              expect(removed.statusCode).toBe(204);
              expect((await call('GET', `${base}/${record.id}`, owner)).statusCode).toBe(404);
              await events.next('resourceChanged_v1', (event) =>
                changed(event, record.id, 'deleted'),
              );
            }
          });

          it('serves its pick list to the forms that pick from it, and no one else', async () => {
            const record = await createSample(t, tokens.admin!, definition);
            const pickers = pickFormsOf(definition.name).map(formIdOf);
            const picker = `picker-${definition.name}`;
            // In every system type's group: scoped resources (products, mixes) answer only those.
            const adminOnly = pickedOnlyByAdministrators(definition);
            await t.addUser({
              username: picker,
              groupIds: [1001, 1002, 1003],
              permissions: { [pickers.at(-1)!]: 2 },
              isSysadmin: adminOnly,
            });
            if (adminOnly) {
              // A level on the screen is not enough: the dispatcher of the demo has every screen.
              const notAdmin = `${picker}-not-admin`;
              await t.addUser({ username: notAdmin, permissions: { [pickers.at(-1)!]: 5 } });
              tokens[notAdmin] = await t.login(notAdmin);
              expect((await call('GET', `${base}/options`, notAdmin)).statusCode).toBe(403);
            }
            tokens[picker] = await t.login(picker);
            const options = await call('GET', `${base}/options?ids=${record.id}`, picker);
            expect(options.statusCode, options.body).toBe(200);
            expect(options.json<Listed>().data).toEqual([
              expect.objectContaining({ id: record.id, name: labelOf(record) }),
            ]);
            expect((await call('GET', `${base}/options`, 'level1')).statusCode).toBe(403);
          });

          it('exports the filtered rows as CSV and Excel', async () => {
            const record = await createSample(t, tokens.admin!, definition);
            const label = encodeURIComponent(String(record[definition.labelField]));
            const csv = await call('GET', `${base}/export?format=csv&search=${label}`, owner);
            expect(csv.statusCode).toBe(200);
            expect(csv.headers['content-type']).toContain('text/csv');
            expect(csv.body).toContain(labelOf(record));
            const xlsx = await call('GET', `${base}/export?format=xlsx`, owner);
            expect(xlsx.statusCode).toBe(200);
            expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
          });
        },
      );
    },
  );
}
