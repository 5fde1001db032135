/**
 * Producing credit letters in the background (R-CREDIT-12..R-CREDIT-14), on a real database and
 * the real job queue: one PDF with a letter (a page or more) per customer, each customer recorded
 * as sent with the job that made it, amounts left out for a level that hides them; a job whose
 * completion is rolled back records nothing, and its retry records the letters once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { backgroundJobFiles } from '../../db/schema/background-jobs';
import { customerLetters, letterTemplates } from '../../db/schema/credit-letters';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { addUsers, type ErrorAnswer, type Json } from '../../../test/order-fixtures';
import { databaseKinds } from '../../../test/test-tenancy';
import {
  creditUsers,
  makeCreditAccounts,
  makeTemplate,
  reminderTemplate,
  type CreditAccounts,
} from '../../../test/credit-fixtures';
import { jobLanguageOf } from '../../jobs/job-language';
import { creditLettersJob } from './credit-letters-job';

/** Pages of a PDF pdfmake wrote: its page objects are left uncompressed. */
function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
}

describe.each(databaseKinds)('credit letters job on %s', (kind) => {
  let t: TestApp;
  let accounts: CreditAccounts;
  let events: DispatchListener;
  let templateId: number;
  const tokens: Record<string, string> = {};
  const users: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'clerk');

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {},
      {
        jobOptions: {
          pollingIntervalSeconds: 0.5,
          maintenanceIntervalSeconds: 1,
          retryDelaySeconds: 1,
          resendAfterSeconds: 0,
        },
      },
    );
    // clerkEs works as the clerk does, in Spanish (issue 25, item 4).
    const [, clerkGroups, clerkLevels] = creditUsers[0]!;
    Object.assign(
      users,
      await addUsers(t, tokens, [...creditUsers, ['clerkEs', clerkGroups, clerkLevels]]),
    );
    accounts = await makeCreditAccounts(t);
    templateId = (await makeTemplate(t, tokens.clerk!, reminderTemplate)).id;
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });

  afterAll(async () => {
    await events.stop();
    await t.close();
  });

  const finished = async (
    id: number,
    who = 'clerk',
    timeoutMs = 30_000,
  ): Promise<BackgroundJob> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = (await call('GET', `/api/v1/background-jobs/${id}`, who)).json<BackgroundJob>();
      if (['completed', 'failed', 'cancelled'].includes(job.state)) return job;
      if (Date.now() > deadline) throw new Error(`job ${id} not done: ${JSON.stringify(job)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const lettersOf = (jobId: number) =>
    t.db.select().from(customerLetters).where(eq(customerLetters.jobId, jobId));

  it('makes one PDF with a letter per customer and records each customer as sent', async () => {
    events.clear();
    const customerIds = [
      accounts.customers.acme,
      accounts.customers.zephyr,
      accounts.customers.quiet,
    ];
    const queued = await call('POST', '/api/v1/credit-letters/runs', 'clerk', {
      templateId,
      customerIds,
    });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json()).toMatchObject({
      kind: 'creditLetters',
      state: 'queued',
      title: 'Friendly reminder: 3 customers',
    });
    const job = await finished(queued.json<BackgroundJob>().id);
    expect(job).toMatchObject({
      state: 'completed',
      message: '3 letters: Friendly reminder',
      result: { letters: 3, templateId, templateName: 'Friendly reminder' },
    });
    expect(job.files).toHaveLength(1);
    expect(job.files[0]!.url).toMatch(/\/credit-letters-\d{4}-\d{2}-\d{2}\.pdf$/);

    const file = await call('GET', job.files[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pdf = file.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(3);

    const sent = await lettersOf(job.id);
    expect(sent.map((letter) => letter.customerId).sort()).toEqual([...customerIds].sort());
    const acme = sent.find((letter) => letter.customerId === accounts.customers.acme)!;
    expect(acme).toMatchObject({
      templateId,
      templateName: 'Friendly reminder',
      subject: 'Account C100: $6,000.00 past due',
      letterDate: accounts.today,
      sentBy: 'clerk',
      sentByUserId: users.clerk,
      balance: 11_000,
      pastDueAmount: 6000,
      daysPastDue: 35,
    });
    await events.next(
      'resourceChanged_v1',
      (event) => (event.data as Json).resource === 'customerLetters',
    );

    // Shown on the screen and per customer.
    const history = await call('GET', `/api/v1/credit-letters/history?jobId=${job.id}`);
    expect(history.json<{ data: Json[] }>().data).toHaveLength(3);
    const candidates = await call('GET', '/api/v1/credit-letters/candidates?search=C100');
    expect(candidates.json<{ data: Json[] }>().data[0]).toMatchObject({
      lastLetter: {
        templateName: 'Friendly reminder',
        letterDate: accounts.today,
        sentBy: 'clerk',
      },
    });
  });

  it('writes a letter of more than a page as pages of its own', async () => {
    const long = await makeTemplate(t, tokens.clerk!, {
      name: 'Long letter',
      subject: 'Statement {{customerNumber}}',
      body: Array.from(
        { length: 70 },
        (_, line) => `Paragraph ${line + 1}: {{customerName}} owes {{balance}}.`,
      ).join('\n\n'),
    });
    const queued = await call('POST', '/api/v1/credit-letters/runs', 'clerk', {
      templateId: long.id,
      customerIds: [accounts.customers.acme, accounts.customers.orchard],
    });
    const job = await finished(queued.json<BackgroundJob>().id);
    expect(job.state).toBe('completed');
    const pdf = (await call('GET', job.files[0]!.url)).rawPayload;
    // Each letter takes several pages, and the second starts on a page of its own: the run has
    // as many pages as the two letters made alone.
    const alone = async (customerId: number) =>
      pageCount(
        (
          await call(
            'GET',
            `/api/v1/credit-letters/templates/${long.id}/preview.pdf?customerId=${customerId}`,
          )
        ).rawPayload,
      );
    const acmePages = await alone(accounts.customers.acme);
    const orchardPages = await alone(accounts.customers.orchard);
    expect(acmePages).toBeGreaterThanOrEqual(2);
    expect(orchardPages).toBeGreaterThanOrEqual(2);
    expect(pageCount(pdf)).toBe(acmePages + orchardPages);
  });

  it('leaves amounts out of the letters of a level that hides prices', async () => {
    const queued = await call('POST', '/api/v1/credit-letters/runs', 'noPrices', {
      templateId,
      customerIds: [accounts.customers.acme],
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const job = await finished(queued.json<BackgroundJob>().id, 'noPrices');
    expect(job.state).toBe('completed');
    const [letter] = await lettersOf(job.id);
    expect(letter!.subject).toBe('Account C100: *** past due');
    const history = await call('GET', `/api/v1/credit-letters/history?jobId=${job.id}`, 'noPrices');
    expect(history.json<{ data: Json[] }>().data[0]).not.toHaveProperty('balance');
  });

  it('checks what it is asked to do', async () => {
    const refused = async (body: Json, who = 'clerk') => {
      const response = await call('POST', '/api/v1/credit-letters/runs', who, body);
      return { status: response.statusCode, data: response.json<ErrorAnswer>().data };
    };
    expect(await refused({ templateId, customerIds: [] })).toEqual({
      status: 400,
      data: [{ field: 'customerIds', reason: 'choose at least one customer' }],
    });
    expect(await refused({ templateId, customerIds: [accounts.customers.acme, 999_999] })).toEqual({
      status: 400,
      data: [{ field: 'customerIds.1', reason: 'is not a customer' }],
    });
    const [inactive] = await t.db
      .insert(letterTemplates)
      .values({ name: 'Retired', subject: 'x', body: 'x', inactiveFlag: true })
      .returning({ id: letterTemplates.id });
    expect(
      await refused({ templateId: inactive!.id, customerIds: [accounts.customers.acme] }),
    ).toEqual({
      status: 400,
      data: [{ field: 'templateId', reason: 'is not an active letter template' }],
    });
    for (const who of ['reader', 'viewer', 'outsider']) {
      expect(
        (await refused({ templateId, customerIds: [accounts.customers.acme] }, who)).status,
        who,
      ).toBe(403);
    }
  });

  it('records nothing when its completion is rolled back, and records the letters once on its retry', async () => {
    // A real refusal by the database inside the transaction that completes the job.
    await t.db.execute(
      sql.raw(
        `alter table customer_letters add constraint refuse_zephyr check (customer_id <> ${accounts.customers.zephyr}) not valid`,
      ),
    );
    const queued = await call('POST', '/api/v1/credit-letters/runs', 'clerk', {
      templateId,
      customerIds: [accounts.customers.acme, accounts.customers.zephyr],
    });
    const jobId = queued.json<BackgroundJob>().id;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const job = (await call('GET', `/api/v1/background-jobs/${jobId}`)).json<BackgroundJob>();
      if (job.attempts >= 1 && job.state !== 'queued') break;
      if (Date.now() > deadline) throw new Error('the job never ran');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await lettersOf(jobId)).toEqual([]);
    expect(
      await t.db.select().from(backgroundJobFiles).where(eq(backgroundJobFiles.jobId, jobId)),
    ).toEqual([]);
    expect((await call('GET', `/api/v1/background-jobs/${jobId}`)).json()).not.toMatchObject({
      state: 'completed',
    });

    await t.db.execute(sql.raw('alter table customer_letters drop constraint refuse_zephyr'));
    const done = await finished(jobId);
    expect(done.state).toBe('completed');
    expect((await lettersOf(jobId)).map((letter) => letter.customerId).sort()).toEqual(
      [accounts.customers.acme, accounts.customers.zephyr].sort(),
    );
  });

  it('fails, recording nothing, when its template was deactivated before it ran', async () => {
    const [retired] = await t.db
      .insert(letterTemplates)
      .values({ name: 'Withdrawn', subject: 'x', body: 'x', inactiveFlag: true })
      .returning({ id: letterTemplates.id });
    const connection = await t.tenancy.open(t.database);
    await expect(
      creditLettersJob.run(
        {
          database: t.database,
          connection,
          db: connection.db,
          now: () => new Date(),
          job: {
            id: 0,
            kind: 'creditLetters',
            title: 'Withdrawn',
            requestedByUserId: users.clerk!,
            requestedBy: 'clerk',
            scheduleId: null,
            attempt: 1,
            language: 'en',
          },
          progress: async () => {},
        },
        { templateId: retired!.id, customerIds: [accounts.customers.acme], hideAmounts: false },
      ),
    ).rejects.toThrow('The letter template “Withdrawn” was deactivated; choose another.');
    expect(
      await t.db.select().from(customerLetters).where(eq(customerLetters.templateId, retired!.id)),
    ).toEqual([]);
  });

  it('issue 25: a user whose language is Spanish reads the run in Spanish', async () => {
    const chosen = await call('PUT', '/api/v1/user/language', 'clerkEs', { language: 'es' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    events.clear();
    const queued = await call('POST', '/api/v1/credit-letters/runs', 'clerkEs', {
      templateId,
      customerIds: [accounts.customers.acme, accounts.customers.zephyr, accounts.customers.quiet],
    });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json<BackgroundJob>().title).toBe('Friendly reminder: 3 clientes');
    const job = await finished(queued.json<BackgroundJob>().id, 'clerkEs');
    expect(job).toMatchObject({ state: 'completed', message: '3 cartas: Friendly reminder' });
    await events.next('jobProgress_v1', (event) => (event.data as BackgroundJob).id === job.id);
    const steps = events.events
      .filter((event) => event.name === 'jobProgress_v1')
      .map((event) => event.data as BackgroundJob)
      .filter((each) => each.id === job.id && each.state === 'running' && each.message !== null)
      .map((each) => each.message);
    expect(steps).toEqual([
      'Leyendo las cuentas de los clientes',
      'Escribiendo la carta 1 de 3',
      'Generando el PDF',
    ]);

    const one = await call('POST', '/api/v1/credit-letters/runs', 'clerkEs', {
      templateId,
      customerIds: [accounts.customers.acme],
    });
    expect(one.json<BackgroundJob>().title).toBe('Friendly reminder: 1 cliente');
    expect((await finished(one.json<BackgroundJob>().id, 'clerkEs')).message).toBe(
      '1 carta: Friendly reminder',
    );

    // Why it failed, in Spanish too: the job as the runner hands it over for clerkEs.
    const [retired] = await t.db
      .insert(letterTemplates)
      .values({ name: 'Retirada', subject: 'x', body: 'x', inactiveFlag: true })
      .returning({ id: letterTemplates.id });
    const connection = await t.tenancy.open(t.database);
    await expect(
      creditLettersJob.run(
        {
          database: t.database,
          connection,
          db: connection.db,
          now: () => new Date(),
          job: {
            id: 0,
            kind: 'creditLetters',
            title: 'Retirada',
            requestedByUserId: users.clerkEs!,
            requestedBy: 'clerkEs',
            scheduleId: null,
            attempt: 1,
            language: await jobLanguageOf(connection.db, users.clerkEs!),
          },
          progress: async () => {},
        },
        { templateId: retired!.id, customerIds: [accounts.customers.acme], hideAmounts: false },
      ),
    ).rejects.toThrow('La carta modelo “Retirada” se desactivó; elija otra.');
  });
});
