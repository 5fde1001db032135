/**
 * What is special about employees; the contract suite covers the rest (R-RES-9). The national
 * identifier is write-only and encrypted at rest, revealed only to level 5 and each reveal logged
 * without the value (R-SENSITIVE, R-NATID-1..4); the complete name is made from its parts when
 * left blank; the driver details are saved with the employee and follow its name.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formIdOf } from '@dispatch/domain/resources/define';
import { employees } from '../../db/schema/employees';
import { drivers } from '../../db/schema/trucks';
import { readEnv } from '../../env';
import { loggerOptions } from '../../http/logger';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { seal } from './national-identifier';

type Json = Record<string, unknown>;
type Employee = Json & { id: number; version: number; driver: Json[] };

const form = formIdOf('EmployeeMaintenance');
const clear = '123-45-6789';

/**
 * The log as written, each line without its own measurements (its time, a response time, the
 * process id): those may hold any digits, and only what the requests carried is looked at.
 */
function loggedWithoutMeasurements(lines: readonly string[]): string {
  const measurements = new Set(['time', 'responseTime', 'pid']);
  return lines
    .join('')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(JSON.parse(line) as Record<string, unknown>).filter(
            ([key]) => !measurements.has(key),
          ),
        ),
      ),
    )
    .join('\n');
}
describe.each(databaseKinds)('employees on %s', (kind) => {
  let t: TestApp;
  const logLines: string[] = [];
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'level5');
  const create = async (body: Json, who = 'level5') => {
    const response = await call('POST', '/api/v1/employees', who, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Employee>();
  };
  const stored = async (id: number) =>
    (await t.db.select().from(employees).where(eq(employees.id, id)))[0]!;
  const reveal = (id: number, who = 'level5') =>
    call('POST', `/api/v1/employees/${id}/national-identifier/reveal`, who);

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    const env = readEnv({ LOG_LEVEL: 'trace', NODE_ENV: 'test' });
    t = await createTestApp(
      kind,
      { DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'trace' },
      { logger: { ...(loggerOptions(env) as object), stream } },
    );
    for (const level of [1, 2, 3, 4, 5, 6]) {
      await t.addUser({ username: `level${level}`, permissions: { [form]: level } });
      tokens[`level${level}`] = await t.login(`level${level}`);
    }
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    logLines.length = 0;
  });

  describe('the national identifier', () => {
    it('is stored encrypted, answered only as its last four, and never logged', async () => {
      const created = await create({
        employeeNumber: 'N1',
        completeName: 'Nora Quinn',
        nationalIdentifier: ` ${clear} `,
      });
      expect(created.nationalIdentifierLast4).toBe('6789');
      expect(created).not.toHaveProperty('nationalIdentifier');
      expect(created).not.toHaveProperty('nationalIdentifierEncrypted');
      const row = await stored(created.id);
      expect(row.nationalIdentifierLast4).toBe('6789');
      expect(row.nationalIdentifierEncrypted).toMatch(/^v1\./);
      expect(row.nationalIdentifierEncrypted).not.toContain('6789');

      const list = await call('GET', '/api/v1/employees?search=Nora');
      const csv = await call('GET', '/api/v1/employees/export?format=csv&search=Nora');
      const read = await call('GET', `/api/v1/employees/${created.id}`);
      for (const answer of [list, csv, read]) {
        expect(answer.statusCode).toBe(200);
        expect(answer.body).not.toContain('45-6789');
        expect(answer.body).not.toContain('456789');
        expect(answer.body).not.toContain(row.nationalIdentifierEncrypted!);
      }
      expect(loggedWithoutMeasurements(logLines)).not.toContain('6789');
    });

    it('is kept when left out or blank, replaced when sent, cleared with null', async () => {
      const created = await create({
        employeeNumber: 'N2',
        completeName: 'Kept Value',
        nationalIdentifier: 'AB12345678',
      });
      const sealed = (await stored(created.id)).nationalIdentifierEncrypted;
      const kept = await call('PUT', `/api/v1/employees/${created.id}`, 'level5', {
        lastName: 'Value',
        nationalIdentifier: '',
        version: 1,
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect((await stored(created.id)).nationalIdentifierEncrypted).toBe(sealed);

      const replaced = await call('PUT', `/api/v1/employees/${created.id}`, 'level5', {
        nationalIdentifier: 'ZX-99-4321',
        version: 2,
      });
      expect(replaced.json<Employee>().nationalIdentifierLast4).toBe('4321');
      expect((await reveal(created.id)).json()).toEqual({ nationalIdentifier: 'ZX-99-4321' });

      const cleared = await call('PUT', `/api/v1/employees/${created.id}`, 'level5', {
        nationalIdentifier: null,
        version: 3,
      });
      expect(cleared.json<Employee>().nationalIdentifierLast4).toBe('');
      expect(await stored(created.id)).toMatchObject({
        nationalIdentifierEncrypted: null,
        nationalIdentifierLast4: null,
      });
    });

    it('refuses a malformed value with 400 naming it, without echoing it', async () => {
      const response = await call('POST', '/api/v1/employees', 'level5', {
        employeeNumber: 'N3',
        completeName: 'Bad Value',
        nationalIdentifier: '12#',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ data: { field: string }[] }>().data[0]!.field).toBe(
        'nationalIdentifier',
      );
      expect(response.body).not.toContain('12#');
    });

    it('is revealed to level 5 only, and each reveal is logged without the value', async () => {
      const created = await create({
        employeeNumber: 'N4',
        completeName: 'Shown Once',
        nationalIdentifier: clear,
      });
      logLines.length = 0;
      const shown = await reveal(created.id);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toEqual({ nationalIdentifier: clear });
      expect(shown.headers['cache-control']).toBe('no-store');
      const audit = logLines
        .map((line) => JSON.parse(line) as Json)
        .filter((line) => line.audit === 'nationalIdentifierRevealed');
      expect(audit).toEqual([
        expect.objectContaining({ employeeId: created.id, by: 'level5', at: expect.any(String) }),
      ]);
      expect(loggedWithoutMeasurements(logLines)).not.toContain('6789');

      for (const who of ['level1', 'level2', 'level3', 'level4', 'level6']) {
        const refused = await reveal(created.id, who);
        expect(refused.statusCode, who).toBe(403);
        expect(refused.body).not.toContain('6789');
      }
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/v1/employees/${created.id}/national-identifier/reveal`,
          })
        ).statusCode,
      ).toBe(401);
    });

    it('answers 404 for an unknown employee and for one with no identifier on file', async () => {
      expect((await reveal(2_147_480_000)).statusCode).toBe(404);
      const none = await create({ employeeNumber: 'N5', completeName: 'No Identifier' });
      const answer = await reveal(none.id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'no_national_identifier' });
    });

    it('cannot be revealed under another key, and says so without a value', async () => {
      const created = await create({
        employeeNumber: 'N6',
        completeName: 'Other Key',
        nationalIdentifier: clear,
      });
      // As if DATA_ENCRYPTION_KEY had changed since the value was stored.
      await t.db
        .update(employees)
        .set({ nationalIdentifierEncrypted: seal(randomBytes(32), clear) })
        .where(eq(employees.id, created.id));
      logLines.length = 0;
      const refused = await reveal(created.id);
      expect(refused.statusCode).toBe(500);
      expect(refused.json<{ message: string }>().message).toMatch(/cannot be decrypted/);
      expect(refused.body).not.toContain('6789');
      expect(loggedWithoutMeasurements(logLines)).not.toContain('6789');
    });
  });

  describe('the complete name', () => {
    it('is made from the parts when left blank, and required when there are none', async () => {
      const made = await create({
        employeeNumber: 'C1',
        firstName: 'Ann',
        middleName: ' B. ',
        lastName: 'Lee',
      });
      expect(made.completeName).toBe('Ann B. Lee');
      const kept = await create({
        employeeNumber: 'C2',
        firstName: 'Bo',
        completeName: 'Robert Smith',
      });
      expect(kept.completeName).toBe('Robert Smith');

      const cleared = await call('PUT', `/api/v1/employees/${kept.id}`, 'level5', {
        completeName: '',
        lastName: 'Smith',
        version: 1,
      });
      expect(cleared.json<Employee>().completeName).toBe('Bo Smith');

      const nameless = await call('POST', '/api/v1/employees', 'level5', { employeeNumber: 'C3' });
      expect(nameless.statusCode).toBe(400);
      expect(nameless.json<{ data: { field: string }[] }>().data[0]!.field).toBe('completeName');
    });
  });

  describe('the driver details', () => {
    it('are saved with the employee, carry its name, and are picked by trucks', async () => {
      const created = await create({
        employeeNumber: 'D1',
        completeName: 'Dee Driver',
        driver: [
          {
            driversLicenseNumber: 'CDL-1',
            driversLicenseExpireDate: '2027-01-31',
            callInPriority: 2,
            preferredTime: '06:30',
          },
        ],
      });
      expect(created.driver).toEqual([
        expect.objectContaining({
          driversLicenseNumber: 'CDL-1',
          driversLicenseExpireDate: '2027-01-31',
          externalDriverFlag: false,
          callInPriority: 2,
          preferredTime: '06:30',
          scheduledCallInTime: null,
        }),
      ]);
      const [row] = await t.db.select().from(drivers).where(eq(drivers.employeeId, created.id));
      expect(row).toMatchObject({ name: 'Dee Driver', driversLicenseNumber: 'CDL-1' });

      const renamed = await call('PUT', `/api/v1/employees/${created.id}`, 'level5', {
        completeName: 'Dee Renamed',
        version: 1,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json<Employee>().driver).toHaveLength(1);
      const [after] = await t.db.select().from(drivers).where(eq(drivers.employeeId, created.id));
      expect(after!.name).toBe('Dee Renamed');

      const options = await call('GET', `/api/v1/drivers/options?ids=${row!.id}`);
      expect(options.json<{ data: Json[] }>().data).toEqual([
        expect.objectContaining({ id: row!.id, name: 'Dee Renamed' }),
      ]);

      const two = await call('PUT', `/api/v1/employees/${created.id}`, 'level5', {
        driver: [{ driversLicenseNumber: 'A' }, { driversLicenseNumber: 'B' }],
        version: 2,
      });
      expect(two.statusCode).toBe(400);
    });
  });

  it('hides the pay rate from levels that hide prices', async () => {
    const created = await create({
      employeeNumber: 'P1',
      completeName: 'Paid Well',
      payRate: 31.5,
    });
    expect(created.payRate).toBe(31.5);
    const hidden = await call('GET', `/api/v1/employees/${created.id}`, 'level4');
    expect(hidden.json()).not.toHaveProperty('payRate');
  });
});
