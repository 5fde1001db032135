import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NlqResult } from '@dispatch/domain/nlq/nlq-api';
import { nlqGoldenSet, nlqGoldenToday } from '@dispatch/domain/nlq/nlq-golden-set';
import type { NlqQuery } from '@dispatch/domain/nlq/nlq-query';
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import { permissionLevels } from '@dispatch/domain/permissions';
import { seedDemo } from '../../../seed/demo';
import { plants } from '../../db/schema/plants';
import { systemParameters } from '../../db/schema/settings';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import type { NlqRefusal } from './nlq-compiler';
import { compileNlqQuery } from './nlq-compiler';
import { readOnlyRows } from './nlq.service';
import { startOfBusinessDay } from '../tickets/tickets.service';

type Problem = { field: string; reason: string };

/** The golden set's day at the demo's mid-day, in the zone the server runs in. */
const [year, month, day] = nlqGoldenToday.split('-').map(Number) as [number, number, number];
const demoNow = new Date(year, month - 1, day, 12);

describe.each(databaseKinds)('natural-language query on %s (R-NLQ-1..12)', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const post = (url: string, who: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
      payload: payload as Record<string, unknown>,
    });
  const ask = (question: string, who = 'admin') => post('/api/v1/nlq/ask', who, { question });
  const run = (query: unknown, who = 'admin') => post('/api/v1/nlq/run', who, { query });
  const rows = async (statement: ReturnType<typeof sql>) =>
    (await t.db.execute<Record<string, unknown>>(statement)).rows;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemo(t.db, {
      today: nlqGoldenToday,
      timeZoneOffsetMinutes: -demoNow.getTimezoneOffset(),
    });
    t.clock.now = demoNow;
    for (const who of ['admin', 'dispatcher', 'viewer', 'sysadmin']) {
      tokens[who] = await t.login(who, 'demo');
    }
  }, 120_000);
  afterAll(() => t.close());

  it('refuses questions while nlqEnabled is off, and answers once an administrator turns it on (R-NLQ-11)', async () => {
    const setNlq = async (value: boolean, version: number) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/system-parameters/nlqEnabled',
        headers: { authorization: `Bearer ${tokens.admin}` },
        payload: { value, version },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const config = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/settings/config',
          headers: { database: t.database },
        })
      ).json<{ nlqEnabled: boolean; disabledForms: number[] }>();
    // The demo has it on (it works out of the box); an administrator turns it off.
    expect(await config()).toMatchObject({ nlqEnabled: true });
    await setNlq(false, 1);

    const off = await ask('trucks by status');
    expect(off.statusCode).toBe(403);
    // R-PARAM-11: the refusal names the parameter, not a missing permission.
    expect(off.json<{ message: string; code: string }>()).toMatchObject({
      code: 'nlq_disabled',
      message:
        'AI-Assisted Query is turned off by the system parameter "Natural-language queries".',
    });
    expect((await run({ view: 'trucks', measure: 'trucks' })).statusCode).toBe(403);
    // R-PERM-3: always shown; the screen says it is off rather than leaving the menu.
    expect(await config()).toMatchObject({ nlqEnabled: false });
    expect((await config()).disabledForms).not.toContain(51303);

    await setNlq(true, 2);
    expect(await config()).toMatchObject({ nlqEnabled: true });
    expect((await ask('trucks by status')).statusCode).toBe(200);
  });

  it('answers the golden set on the demo data (R-NLQ-12)', async () => {
    const answers: Record<string, unknown> = {};
    for (const entry of nlqGoldenSet) {
      const response = await ask(entry.question);
      expect(response.statusCode, `${entry.question}: ${response.body}`).toBe(200);
      const result = response.json<NlqResult>();
      expect(result.understood, entry.question).toBe(!('reason' in entry.expected));
      answers[entry.question] = result.answer
        ? {
            rows: result.answer.rows,
            truncated: result.answer.truncated,
            chart: result.answer.chart,
          }
        : { suggestions: result.suggestions };
    }
    const lines = Object.entries(answers).map(
      ([question, answer]) => `  ${JSON.stringify(question)}: ${JSON.stringify(answer)}`,
    );
    await expect(`{\n${lines.join(',\n')}\n}\n`).toMatchFileSnapshot(
      './golden/nlq-golden-answers.json',
    );
  }, 120_000);

  it('agrees with the tables themselves on the issue’s questions', async () => {
    const yards = (await ask('yards of concrete North Yard delivered last week')).json<NlqResult>();
    const [expected] = await rows(sql`
      select round(coalesce(sum(coalesce(tp.delivered_quantity, tp.quantity)), 0), 2) as yards
      from ticket_products tp
      join tickets t on t.id = tp.ticket_id
      join orders o on o.id = t.order_id
      join products p on p.id = tp.product_id
      where o.system_type_id = 1 and t.plant_id = 1 and t.status_id <> 5 and t.void_status_id is null
        and coalesce(tp.unit_of_measure, p.unit_of_measure_id) = 1
        and t.ticket_date_time >= ${startOfBusinessDay('2026-03-09').toISOString()}::timestamptz
        and t.ticket_date_time < ${startOfBusinessDay('2026-03-16').toISOString()}::timestamptz`);
    expect(yards.answer?.rows).toEqual([[Number(expected!.yards)]]);
    expect(Number(expected!.yards)).toBeGreaterThan(0);

    const trucks = (await ask('trucks out of service now')).json<NlqResult>();
    const outOfService = await rows(
      sql`select identification_number as name from trucks where status_id = 9 and not inactive_flag order by 1`,
    );
    expect(trucks.answer?.rows.map((row) => row[0])).toEqual(outOfService.map((row) => row.name));
    expect(trucks.answer?.rows.length).toBeGreaterThan(0);

    const held = (await ask('orders on hold')).json<NlqResult>();
    const onHold = await rows(
      sql`select number::text as number from orders where order_status_id = 4 order by orders.number`,
    );
    expect(held.answer?.rows.map((row) => row[0])).toEqual(onHold.map((row) => row.number));
    expect(held.answer?.chart).toBeNull();

    const top = (await ask('top 10 customers by tons this month')).json<NlqResult>();
    expect(top.answer?.rows.length).toBeLessThanOrEqual(10);
    expect(top.answer?.chart).toBe('bar');
    const tons = top.answer!.rows.map((row) => row[1] as number);
    expect(tons).toEqual([...tons].sort((a, b) => b - a));
  });

  it('offers close alternatives for a name nothing matches (R-NLQ-8)', async () => {
    const result = (await ask('orders on hold for Acme')).json<NlqResult>();
    expect(result).toMatchObject({
      understood: false,
      reason: 'unknownName',
      unknown: ['acme'],
      suggestions: ['orders on hold'],
      answer: null,
    });
    const barnes = (await ask('tickets for Barnes')).json<NlqResult>();
    expect(barnes.suggestions).toContain('tickets for Barnes Builders');
  });

  it('answers 400 naming the field for a bad question or query (R-NLQ-4)', async () => {
    const empty = await ask('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ data: Problem[] }>().data).toEqual([
      { field: 'question', reason: 'is required' },
    ]);
    const long = await ask('x'.repeat(301));
    expect(long.json<{ data: Problem[] }>().data[0]?.field).toBe('question');
    const over = await run({ view: 'deliveries', measure: 'loads', limit: 501 });
    expect(over.statusCode).toBe(400);
    expect(over.json<{ data: Problem[] }>().data).toEqual([
      { field: 'query.limit', reason: 'must be at most 500' },
    ]);
  });

  it('refuses a typed query that reaches outside the whitelisted views and columns (R-NLQ-4)', async () => {
    for (const [query, field] of [
      [{ view: 'users', measure: 'loads' }, 'query.view'],
      [{ view: 'deliveries', measure: 'password_hash' }, 'query.measure'],
      [
        { view: 'deliveries', measure: 'loads', dimensions: ['users.password_hash'] },
        'query.dimensions.0',
      ],
      [
        {
          view: 'deliveries',
          measure: 'loads',
          filters: [{ field: 'pg_shadow', values: [{ id: 1, label: 'x' }] }],
        },
        'query.filters.0.field',
      ],
      [{ view: 'deliveries', measure: 'loads', sql: 'select * from users' }, 'query'],
      [{ view: 'trucks', measure: 'loads' }, 'query.measure'],
    ] as const) {
      const response = await run(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json<{ data: Problem[] }>().data.map((problem) => problem.field)).toContain(
        field,
      );
    }
    // The compiler refuses by itself what the schema would have stopped.
    const scope = {
      systemTypeIds: [1, 2, 3] as const,
      offsetMinutes: 0,
      startOfDay: startOfBusinessDay,
    };
    const forged = (part: Partial<Record<string, unknown>>) =>
      ({
        view: 'deliveries',
        measure: 'loads',
        dimensions: [],
        filters: [],
        dateRange: null,
        sort: { by: 'measure', direction: 'desc' },
        limit: 5,
        ...part,
      }) as unknown as NlqQuery;
    for (const [query, field] of [
      [forged({ view: 'users' }), 'query.view'],
      [forged({ view: 'constructor' }), 'query.view'],
      [forged({ measure: 'trucks' }), 'query.measure'],
      [forged({ dimensions: ['password_hash'] }), 'query.dimensions.0'],
      [forged({ dimensions: ['__proto__'] }), 'query.dimensions.0'],
      [
        forged({ filters: [{ field: 'toString', values: [{ id: 1, label: 'x' }] }] }),
        'query.filters.0.field',
      ],
      [
        forged({ filters: [{ field: 'day', values: [{ id: 1, label: 'x' }] }] }),
        'query.filters.0.field',
      ],
      [
        forged({
          view: 'trucks',
          measure: 'trucks',
          dateRange: { from: '2026-03-01', to: '2026-03-02' },
        }),
        'query.dateRange',
      ],
    ] as const) {
      expect(() =>
        compileNlqQuery(query, { ...scope, systemTypeIds: [...scope.systemTypeIds] }),
      ).toThrow(expect.objectContaining({ field }) as NlqRefusal);
    }
  });

  it('runs the screen’s edited query, under the asker’s system types and prices (R-NLQ-6)', async () => {
    const edited = await run({
      view: 'deliveries',
      measure: 'cubicYards',
      dimensions: ['plant'],
      dateRange: { from: '2026-03-09', to: '2026-03-16' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const all = edited.json<NlqResult>();
    expect(all).toMatchObject({ source: 'edited', question: null, understood: true });
    // The viewer has concrete only and hides prices: aggregate and block rows never reach them.
    const viewer = (
      await run({ view: 'deliveries', measure: 'loads', dimensions: ['systemType'] }, 'viewer')
    ).json<NlqResult>();
    expect(viewer.answer?.rows.map((row) => row[0])).toEqual(['concrete']);
    const admin = (
      await run({ view: 'deliveries', measure: 'loads', dimensions: ['systemType'] })
    ).json<NlqResult>();
    expect(admin.answer?.rows.map((row) => row[0]).sort()).toEqual([
      'aggregate',
      'block',
      'concrete',
    ]);

    const sales = await ask('sales by customer this month', 'viewer');
    expect(sales.statusCode).toBe(403);
    expect(sales.json<{ message: string }>().message).toMatch(/Prices are hidden/);
    expect((await ask('sales by customer this month', 'dispatcher')).statusCode).toBe(200);
    // An administrator-only login has no system types: nothing to read.
    const none = await ask('loads by plant today', 'sysadmin');
    expect(none.statusCode).toBe(403);
    expect(none.json<{ message: string }>().message).toMatch(/permission to see deliveries/);
  });

  it('keeps to the row limit and says when an answer was cut (R-NLQ-5)', async () => {
    const top = (await ask('top 3 customers by loads this month')).json<NlqResult>();
    expect(top.answer?.rows).toHaveLength(3);
    expect(top.answer?.truncated).toBe(true);
    const one = (
      await run({ view: 'trucks', measure: 'trucks', dimensions: ['truck'], limit: 1 })
    ).json<NlqResult>();
    expect(one.answer?.rows).toHaveLength(1);
    expect(one.answer?.truncated).toBe(true);
  });

  it('runs read-only, with a statement timeout on PostgreSQL (R-NLQ-5)', async () => {
    const write = await readOnlyRows(t.db, sql`create table nlq_probe (id int)`, 5_000).then(
      () => 'written',
      (error: Error & { cause?: Error }) => (error.cause ?? error).message,
    );
    expect(write).toMatch(/read-only transaction/);
    const slow = readOnlyRows(t.db, sql`select pg_sleep(0.3) as slept`, 50);
    if (kind === 'postgres') {
      await expect(slow).rejects.toMatchObject({ statusCode: 400, code: 'nlq_timeout' });
    } else {
      // PGlite runs in this process without timers: the statement runs to its end.
      await expect(slow).resolves.toHaveLength(1);
    }
    expect(await readOnlyRows(t.db, sql`select 1 as one`, 50)).toEqual([{ one: 1 }]);
  });
});

describe.each(databaseKinds)(
  'natural-language query with the model endpoint on %s (R-NLQ-10)',
  (kind) => {
    let t: TestApp;
    let fake: Server;
    let token = '';
    const seen: {
      authorization?: string;
      body: { model: string; messages: { content: string }[] };
    }[] = [];
    /** What the fake endpoint proposes next. */
    let proposal: unknown = null;

    beforeAll(async () => {
      fake = createServer((request, response) => {
        let text = '';
        request.on('data', (chunk: Buffer) => (text += chunk.toString()));
        request.on('end', () => {
          seen.push({
            ...(request.headers.authorization
              ? { authorization: request.headers.authorization }
              : {}),
            body: JSON.parse(text) as (typeof seen)[number]['body'],
          });
          response.writeHead(request.url === '/v1/chat/completions' ? 200 : 404, {
            'content-type': 'application/json',
          });
          response.end(
            JSON.stringify({
              choices: [{ message: { role: 'assistant', content: JSON.stringify(proposal) } }],
            }),
          );
        });
      });
      await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
      const { port } = fake.address() as AddressInfo;
      t = await createTestApp(kind, {
        NLQ_MODEL_URL: `http://127.0.0.1:${port}/v1`,
        NLQ_MODEL_NAME: 'local-test-model',
        NLQ_MODEL_API_KEY: 'test-key',
      });
      await t.db.insert(systemParameters).values({ key: 'nlqEnabled', value: true });
      await t.db.insert(plants).values({ description: 'North Yard', systemTypeId: 1 });
      await t.addUser({
        username: 'clerk',
        groupIds: [1001],
        permissions: {
          [systemTypeForm('orderEntry', 1).id]: permissionLevels.FullWithPrices,
          [systemTypeForm('ticketEntry', 1).id]: permissionLevels.FullWithPrices,
        },
      });
      token = await t.login('clerk');
    });
    afterAll(async () => {
      await t.close();
      await new Promise((resolve) => fake.close(resolve));
    });
    const ask = (question: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/nlq/ask',
        headers: { authorization: `Bearer ${token}` },
        payload: { question },
      });

    it('asks the model only for what the parser does not understand, and checks its typed query', async () => {
      const parsed = (await ask('loads by plant today')).json<NlqResult>();
      expect(parsed.source).toBe('parser');
      expect(seen).toHaveLength(0);

      proposal = {
        view: 'deliveries',
        measure: 'loads',
        dimensions: ['plant'],
        filters: [{ field: 'plant', values: [{ id: 0, label: 'north yard' }] }],
      };
      const response = await ask('how busy were we, roughly');
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<NlqResult>();
      expect(result).toMatchObject({
        understood: true,
        source: 'model',
        query: {
          view: 'deliveries',
          measure: 'loads',
          dimensions: ['plant'],
          filters: [{ field: 'plant', values: [{ label: 'North Yard' }] }],
        },
        answer: { rows: [] },
      });
      expect(result.query?.filters[0]?.values[0]?.id).toBeGreaterThan(0);
      expect(seen[0]).toMatchObject({
        authorization: 'Bearer test-key',
        body: { model: 'local-test-model' },
      });
      expect(seen[0]!.body.messages.at(-1)!.content).toBe('how busy were we, roughly');
      expect(seen[0]!.body.messages[0]!.content).toMatch(/Never write SQL/);
    });

    it('ignores a proposal outside the whitelist, or naming what does not exist', async () => {
      for (const bad of [
        { view: 'users', measure: 'loads' },
        { view: 'deliveries', measure: 'loads', dimensions: ['password_hash'] },
        { sql: 'select * from users' },
        {
          view: 'deliveries',
          measure: 'loads',
          filters: [{ field: 'customer', values: [{ id: 1, label: 'Nobody Anywhere' }] }],
        },
      ]) {
        proposal = bad;
        const result = (await ask('how busy were we, roughly')).json<NlqResult>();
        expect(result, JSON.stringify(bad)).toMatchObject({
          understood: false,
          source: 'parser',
          answer: null,
        });
      }
    });
  },
);
