/**
 * Scheduled reports run and delivered (R-RSCHED-8..R-RSCHED-10, R-RPT-56), on PGlite and
 * PostgreSQL, with the real report engine and a local SMTP server: a run lands in its users'
 * inboxes and its files are e-mailed as attachments, the e-mail is tried again while the SMTP
 * server refuses, e-mail is skipped (users among the addresses get the inbox entry) while
 * emailAvailable is off, and a due schedule is queued exactly once by two tickers.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import type {
  ReportInboxItem,
  ReportSchedule,
} from '@dispatch/domain/report-schedules/report-schedule-schemas';
import { localTimeZone, wallClockOf } from '@dispatch/domain/report-schedules/zoned-time';
import { sessions, userProfiles } from '../../db/schema/auth';
import { backgroundJobs } from '../../db/schema/background-jobs';
import { reportSchedules } from '../../db/schema/report-schedules';
import type { JobRunner } from '../../jobs/job-runner';
import { findJob } from '../../jobs/job-rows';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { testJobRunners } from '../../../test/test-job-runners';
import { databaseKinds } from '../../../test/test-tenancy';
import { waitFor } from '../../../test/wait-for';
import { readEnv } from '../../env';
import { reportJobHandler } from '../reports/report-job';
import { wireReportScheduleJobs } from './report-schedules.routes';
import { startSmtpSink, type SmtpSink } from '../../mail/smtp-sink.test-support';

const path = '/api/v1/report-schedules';
const reportsForm = menuEntryByEnumId('Reports')!.id;
const quiet = { info() {}, warn() {}, error() {} };

describe.each(databaseKinds)('scheduled report delivery on %s', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let events: DispatchListener;
  let clerkId: number;
  let bossId: number;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'admin');

  const smtpSettings = () => ({
    SMTP_URL: sink.url,
    SMTP_FROM: 'Plant office <office@plant.test>',
  });
  const smtpEnv = () => readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...smtpSettings() });

  const setEmailAvailable = async (value: boolean) => {
    const rows = (await call('GET', '/api/v1/admin/system-parameters')).json<{
      data: { key: string; version: number }[];
    }>().data;
    const version = rows.find((row) => row.key === 'emailAvailable')!.version;
    const changed = await call('PUT', '/api/v1/admin/system-parameters/emailAvailable', 'admin', {
      value,
      version,
    });
    expect(changed.statusCode).toBe(200);
  };

  const makeSchedule = async (overrides: Record<string, unknown> = {}) => {
    const created = await call('POST', path, 'admin', {
      name: 'Morning tickets',
      reportKey: 'ticketRegister',
      period: 'yesterday',
      formats: ['pdf', 'csv', 'xlsx'],
      frequency: 'daily',
      timeOfDay: '06:00',
      recipientUserIds: [clerkId],
      recipientEmails: ['office@example.com'],
      ...overrides,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<ReportSchedule>();
  };

  const runNow = async (schedule: ReportSchedule) => {
    const queued = await call('POST', `${path}/${schedule.id}/run`);
    expect(queued.statusCode, queued.body).toBe(202);
    const job = queued.json<BackgroundJob>();
    expect(job).toMatchObject({ kind: 'report', scheduleId: schedule.id, requestedBy: 'admin' });
    return job;
  };

  const finished = (id: number) =>
    waitFor(
      async () => (await findJob(t.db, id))!,
      (job) => ['completed', 'failed', 'cancelled'].includes(job.state),
    );

  const inboxOf = async (who: string) =>
    (await call('GET', '/api/v1/report-inbox', who)).json<{ data: ReportInboxItem[] }>().data;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(kind, smtpSettings());
    await t.addUser({ username: 'admin', isSysadmin: true, permissions: { [reportsForm]: 5 } });
    clerkId = await t.addUser({ username: 'clerk', groupIds: [1001] });
    bossId = await t.addUser({ username: 'boss', groupIds: [1001] });
    await t.db
      .update(userProfiles)
      .set({ emailAddress: ' Boss@Example.com ' })
      .where(eq(userProfiles.userId, bossId));
    tokens.admin = await t.login('admin');
    tokens.clerk = await t.login('clerk');
    tokens.boss = await t.login('boss');
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events?.stop();
    await t?.close();
    await sink?.close();
  });
  beforeEach(() => {
    sink.mails.splice(0);
    events.clear();
  });

  it('puts a run in its users’ inboxes and e-mails its files as attachments (R-RSCHED-9, R-RSCHED-10)', async () => {
    await setEmailAvailable(true);
    const schedule = await makeSchedule();
    const job = await runNow(schedule);
    expect(job.title).toMatch(/^Ticket register, .+ \(Morning tickets\)$/);
    const done = await finished(job.id);
    expect(done.state, done.message ?? '').toBe('completed');
    expect(done.files.map((file) => file.contentType)).toEqual([
      'application/pdf',
      'text/csv; charset=utf-8',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);

    // The clerk's inbox, told at once to the clerk's sessions only.
    const [clerkSession] = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, clerkId));
    const told = await events.next(
      'resourceChanged_v1',
      (event) => (event.data as { resource?: string }).resource === 'reportInbox',
    );
    expect((told as { sessionIds?: number[] }).sessionIds).toEqual([clerkSession!.id]);
    const [item] = await inboxOf('clerk');
    expect(item).toMatchObject({
      jobId: job.id,
      scheduleId: schedule.id,
      scheduleName: 'Morning tickets',
      reportKey: 'ticketRegister',
      title: job.title,
      readAt: null,
    });
    expect(await inboxOf('boss')).toEqual([]);
    const pdf = item!.files.find((file) => file.contentType === 'application/pdf')!;
    expect(pdf.url).toMatch(new RegExp(`^/api/v1/report-inbox/${item!.id}/files/\\d+/.+\\.pdf$`));
    const opened = await call('GET', pdf.url, 'clerk');
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another user's entry is not found.
    expect((await call('GET', pdf.url, 'boss')).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/v1/report-inbox/${item!.id}/read`, 'boss', {})).statusCode,
    ).toBe(404);
    const read = await call('POST', `/api/v1/report-inbox/${item!.id}/read`, 'clerk', {});
    expect(read.json<ReportInboxItem>().readAt).toBe(t.clock.now.toISOString());
    const unread = await call('POST', `/api/v1/report-inbox/${item!.id}/read`, 'clerk', {
      read: false,
    });
    expect(unread.json<ReportInboxItem>().readAt).toBeNull();
    expect(
      (await call('GET', '/api/v1/report-inbox?unread=true', 'clerk')).json<{ count: number }>()
        .count,
    ).toBe(1);

    // The e-mail, through the SMTP server named by SMTP_URL, with its login.
    const mail = (await waitFor(
      () => Promise.resolve(sink.mails[0]),
      (found) => found !== undefined,
    ))!;
    expect(mail).toMatchObject({
      from: 'office@plant.test',
      to: ['office@example.com'],
      user: 'reports',
      subject: `Morning tickets: ${job.title}`,
    });
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual(
      done.files.map((file) => file.name),
    );
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mail.attachments[2]!.content.subarray(0, 2).toString()).toBe('PK');

    const shown = await waitFor(
      async () => (await call('GET', `${path}/${schedule.id}`)).json<ReportSchedule>(),
      (answer) => answer.lastRun?.email === 'sent',
    );
    expect(shown.lastRun).toMatchObject({
      jobId: job.id,
      state: 'completed',
      inboxCount: 1,
      emailCount: 1,
      email: 'sent',
    });
    // Every open scheduling screen is told of each change to the last run, to every session:
    // the run queued, the report done (e-mail sending), and the e-mail sent.
    const scheduleEvents = () =>
      events.events.filter((event) => {
        const data = event.data as { resource?: string; id?: number; action?: string };
        return (
          event.name === 'resourceChanged_v1' &&
          data.resource === 'reportSchedules' &&
          data.id === schedule.id &&
          data.action === 'updated'
        );
      });
    await waitFor(
      () => Promise.resolve(scheduleEvents().length),
      (count) => count >= 3,
      5_000,
    ).catch(() => undefined);
    expect(scheduleEvents()).toHaveLength(3);
    expect(scheduleEvents().every((event) => !('sessionIds' in event))).toBe(true);
  });

  it('tries the e-mail again while the SMTP server refuses it (R-RSCHED-10)', async () => {
    await setEmailAvailable(true);
    sink.refuseNext(1);
    const schedule = await makeSchedule({
      name: 'Retried',
      reportKey: 'driverHours',
      formats: ['pdf'],
      recipientUserIds: [],
    });
    const job = await runNow(schedule);
    expect((await finished(job.id)).state).toBe('completed');
    const mail = (await waitFor(
      () => Promise.resolve(sink.mails[0]),
      (found) => found !== undefined,
    ))!;
    expect(sink.refused()).toBeGreaterThanOrEqual(1);
    expect(mail.attachments).toHaveLength(1);
    const [delivery] = await t.db
      .select()
      .from(backgroundJobs)
      .where(
        and(eq(backgroundJobs.kind, 'reportDelivery'), eq(backgroundJobs.scheduleId, schedule.id)),
      );
    const sent = await finished(delivery!.id);
    expect(sent).toMatchObject({ state: 'completed', message: 'E-mailed to 1 of 1 addresses.' });
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
  });

  it('skips e-mail while emailAvailable is off: users among the addresses get the inbox entry', async () => {
    await setEmailAvailable(false);
    const schedule = await makeSchedule({
      name: 'No mail',
      reportKey: 'driverHours',
      formats: ['pdf', 'csv'],
      recipientEmails: ['boss@example.com', 'stranger@example.com'],
    });
    const job = await runNow(schedule);
    expect((await finished(job.id)).state).toBe('completed');
    const shown = await waitFor(
      async () => (await call('GET', `${path}/${schedule.id}`)).json<ReportSchedule>(),
      (answer) => answer.lastRun?.state === 'completed' && answer.lastRun.email !== 'none',
    );
    expect(shown.lastRun).toMatchObject({
      inboxCount: 2,
      emailCount: 2,
      email: 'skipped',
      emailMessage: expect.stringMatching(
        /^E-mail is turned off \(system parameter emailAvailable\)/,
      ),
    });
    expect((await inboxOf('boss')).map((item) => item.jobId)).toEqual([job.id]);
    expect((await inboxOf('clerk')).map((item) => item.jobId)).toContain(job.id);
    const deliveries = await t.db
      .select()
      .from(backgroundJobs)
      .where(
        and(eq(backgroundJobs.kind, 'reportDelivery'), eq(backgroundJobs.scheduleId, schedule.id)),
      );
    expect(deliveries).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.mails).toEqual([]);
  });

  describe('issue 25: in the language of the user a run is for', () => {
    const speak = async (who: string, language: 'en' | 'es') => {
      const chosen = await call('PUT', '/api/v1/user/language', who, { language });
      expect(chosen.statusCode, chosen.body).toBe(200);
    };
    const stepsOf = (jobId: number) =>
      events.events
        .filter((event) => event.name === 'jobProgress_v1')
        .map((event) => event.data as BackgroundJob)
        .filter((job) => job.id === jobId && job.state === 'running' && job.message !== null)
        .map((job) => job.message);
    afterAll(() => speak('admin', 'en'));

    it('titles, reports and e-mails a run in Spanish for a user whose language is Spanish', async () => {
      await setEmailAvailable(true);
      await speak('admin', 'es');
      const schedule = await makeSchedule({ name: 'Boletas de ayer' });
      const job = await runNow(schedule);
      expect(job.title).toMatch(
        /^Registro de boletas, \d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept|oct|nov|dic) \d{4} \(Boletas de ayer\)$/,
      );
      const done = await finished(job.id);
      expect(done).toMatchObject({ state: 'completed', message: '0 boletas, 0 anuladas' });
      expect(done.files[0]!.name).toMatch(/^registro-de-boletas-.+\.pdf$/);
      expect(stepsOf(job.id)).toEqual(
        expect.arrayContaining([
          'Leyendo las boletas del periodo',
          'Escribiendo el PDF',
          'Escribiendo el archivo CSV',
          'Escribiendo el libro de Excel',
        ]),
      );
      // The clerk's inbox names it as the run was titled.
      expect((await inboxOf('clerk')).find((item) => item.jobId === job.id)?.title).toBe(job.title);

      const mail = (await waitFor(
        () => Promise.resolve(sink.mails[0]),
        (found) => found !== undefined,
      ))!;
      expect(mail.subject).toBe(`Boletas de ayer: ${job.title}`);
      expect(mail.text).toContain(
        'Enviado por la programación de reporte "Boletas de ayer". El reporte va adjunto como pdf, csv, xlsx.',
      );
      const [delivery] = await t.db
        .select()
        .from(backgroundJobs)
        .where(
          and(
            eq(backgroundJobs.kind, 'reportDelivery'),
            eq(backgroundJobs.scheduleId, schedule.id),
          ),
        );
      expect(delivery!.title).toBe(`Correo: ${job.title}`);
      const sent = await finished(delivery!.id);
      expect(sent).toMatchObject({
        state: 'completed',
        message: 'Enviado por correo a 1 de 1 dirección.',
      });
      expect(stepsOf(delivery!.id)).toEqual(['Enviando a 1 dirección']);
    });

    it("runs a due schedule in its owner's language", async () => {
      await setEmailAvailable(false);
      await speak('admin', 'es');
      const timeZone = localTimeZone();
      const soon = new Date(t.clock.now.getTime() + 2 * 60_000);
      const clock = wallClockOf(soon, timeZone);
      const timeOfDay = `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
      const schedule = await makeSchedule({
        name: 'Horas',
        reportKey: 'driverHours',
        formats: ['csv'],
        timeOfDay,
        recipientEmails: [],
      });
      // Queued by the minute's tick, for no caller: in the language of the schedule's owner.
      const [runner] = testJobRunners(t, 1, (each) => {
        each.register(reportJobHandler);
        wireReportScheduleJobs(each, { env: smtpEnv(), timeZone, logger: quiet });
      });
      try {
        t.clock.advance(3 * 60_000);
        await runner!.tick(t.database);
        // The runner's own minute tick may have claimed the run a moment before and be queuing
        // it still: the job is then there once that tick is done.
        const [queued] = await waitFor(
          () =>
            t.db.select().from(backgroundJobs).where(eq(backgroundJobs.scheduleId, schedule.id)),
          (rows) => rows.length > 0,
          10_000,
        );
        expect(queued).toMatchObject({ kind: 'report', requestedBy: 'admin' });
        expect(queued!.title).toMatch(/^Horas de conductores, .+ \(Horas\)$/);
        expect(queued!.params).toMatchObject({ language: 'es' });
        const done = await finished(queued!.id);
        expect(done).toMatchObject({
          state: 'completed',
          message: '0 conductores, 0 días de conductor',
        });
      } finally {
        await runner!.close();
      }
    });
  });

  describe('with two tickers, as two API processes run them', () => {
    let runners: JobRunner[] = [];
    afterAll(async () => {
      for (const runner of runners) await runner.close();
    });

    it('queues a due schedule exactly once, and next counts from the run (R-RSCHED-8)', async () => {
      await setEmailAvailable(false);
      const timeZone = localTimeZone();
      // Due two minutes from now on the server's clock.
      const soon = new Date(t.clock.now.getTime() + 2 * 60_000);
      const clock = wallClockOf(soon, timeZone);
      const timeOfDay = `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
      const schedule = await makeSchedule({
        name: 'Ticked',
        reportKey: 'driverHours',
        formats: ['csv'],
        timeOfDay,
        recipientEmails: [],
      });
      const dueAt = new Date(schedule.nextRunAt!);
      runners = testJobRunners(t, 2, (runner) => {
        runner.register(reportJobHandler);
        wireReportScheduleJobs(runner, { env: smtpEnv(), timeZone, logger: quiet });
      });

      // Not yet due: nothing is queued.
      await Promise.all(runners.map((runner) => runner.tick(t.database)));
      const jobsOf = () =>
        t.db.select().from(backgroundJobs).where(eq(backgroundJobs.scheduleId, schedule.id));
      expect(await jobsOf()).toEqual([]);

      t.clock.advance(3 * 60_000);
      await Promise.all(runners.map((runner) => runner.tick(t.database)));
      await Promise.all(runners.map((runner) => runner.tick(t.database)));
      const queued = await jobsOf();
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({
        kind: 'report',
        requestedBy: 'admin',
        scheduleId: schedule.id,
      });
      // Yesterday as of the due day, on the server's clock.
      const params = queued[0]!.params as { params: { from: string; to: string } };
      const dueDay = wallClockOf(dueAt, timeZone).day;
      expect(params.params.to < dueDay).toBe(true);

      const [after] = await t.db
        .select({ nextRunAt: reportSchedules.nextRunAt, lastJobId: reportSchedules.lastJobId })
        .from(reportSchedules)
        .where(eq(reportSchedules.id, schedule.id));
      expect(after!.lastJobId).toBe(queued[0]!.id);
      expect(after!.nextRunAt!.getTime() - dueAt.getTime()).toBeGreaterThanOrEqual(23 * 3_600_000);
      expect((await finished(queued[0]!.id)).state).toBe('completed');
      expect((await inboxOf('clerk')).map((item) => item.jobId)).toContain(queued[0]!.id);
    });
  });
});
