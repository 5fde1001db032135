import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/auth/passwords';
import { buildApp, type App, type AppDeps } from '../src/app';
import type { Db } from '../src/db/client';
import { formPermissions, userGroups, userProfiles, users } from '../src/db/schema/auth';
import { seedReferenceData } from '../seed/reference-data';
import { readEnv, type Env } from '../src/env';
import type { Tenancy } from '../src/db/tenancy';
import { createTestTenancy, uniqueDatabaseName, type TestDatabaseKind } from './test-tenancy';

export type TestUser = {
  username: string;
  password?: string;
  groupIds?: number[];
  permissions?: Record<number, number>;
  isSysadmin?: boolean;
  adminOnly?: boolean;
  inactive?: boolean;
};

export type TestApp = {
  app: App;
  tenancy: Tenancy;
  db: Db;
  database: string;
  /** Moves the server's clock (token expiry, throttling windows) without waiting. */
  clock: { now: Date; advance(ms: number): void };
  addUser(user: TestUser): Promise<number>;
  login(username: string, password?: string, headers?: Record<string, string>): Promise<string>;
  close(): Promise<void>;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A suite's requests as one of its users: `tokens` by name (filled in beforeAll), `fallback` when
 * a call names no one. The app is read at call time, as suites make it in beforeAll.
 */
export function callerOf(test: () => TestApp, tokens: Record<string, string>, fallback: string) {
  return (method: Method, url: string, who = fallback, payload?: unknown) =>
    test().app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/**
 * The tests' own users are stored at a low scrypt cost: a hash names its cost, so logins verify
 * it as any other, in milliseconds rather than the tenth of a second the product's cost takes
 * (the server suites sign in some four hundred times). Passwords the product sets keep its cost.
 */
const testPasswordCost = { N: 2 ** 10, r: 8, p: 1 };

/** Job queue timings for tests: idle workers ask every half second, lost attempts are seen in 1 s. */
export const fastJobs = {
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  retryDelaySeconds: 1,
};

/** A real server over a real named database on the given engine, with no users yet. */
export async function createTestApp(
  kind: TestDatabaseKind,
  envOverrides: Partial<Record<keyof Env, string>> = {},
  options: {
    logger?: AppDeps['logger'];
    batchPanel?: AppDeps['batchPanel'];
    jobOptions?: AppDeps['jobOptions'];
  } = {},
): Promise<TestApp> {
  // A suite's app keeps its database open until it closes: it can live in memory.
  const { tenancy, cleanup } = createTestTenancy(kind, { inMemory: true });
  const database = uniqueDatabaseName('API');
  await tenancy.create(database);
  const { db } = await tenancy.open(database);
  // What `npm run db -- create` gives every new database: lookups, groups, truck statuses.
  await seedReferenceData(db);
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...envOverrides });
  const app = await buildApp({
    env,
    tenancy,
    now: () => clock.now,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.batchPanel ? { batchPanel: options.batchPanel } : {}),
    // Background jobs run at once in tests (R-JOB-1), unless a suite asks for other timings.
    jobOptions: options.jobOptions ?? fastJobs,
  });
  const passwordHashes = new Map<string, Promise<string>>();

  return {
    app,
    tenancy,
    db,
    database,
    clock,
    async addUser(user) {
      const password = user.password ?? 'secret-pass';
      if (!passwordHashes.has(password))
        passwordHashes.set(password, hashPassword(password, testPasswordCost));
      const [row] = await db
        .insert(users)
        .values({
          username: user.username,
          passwordHash: await passwordHashes.get(password)!,
          isSysadmin: user.isSysadmin ?? false,
          adminOnly: user.adminOnly ?? false,
          inactiveFlag: user.inactive ?? false,
        })
        .returning({ id: users.id });
      const userId = row!.id;
      await db.insert(userProfiles).values({ userId, fullName: user.username });
      if (user.groupIds?.length) {
        await db.insert(userGroups).values(user.groupIds.map((groupId) => ({ userId, groupId })));
      }
      const permissionRows = Object.entries(user.permissions ?? {}).map(([formId, level]) => ({
        userId,
        formId: Number(formId),
        permissionId: level,
      }));
      if (permissionRows.length) await db.insert(formPermissions).values(permissionRows);
      return userId;
    },
    async login(username, password = 'secret-pass', headers = {}) {
      const response = await app.inject({
        method: 'POST',
        url: '/token',
        headers: { database, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({
          client_id: username,
          client_secret: password,
          grant_type: 'client_credentials',
        }).toString(),
      });
      if (response.statusCode !== 200) {
        throw new Error(`login ${username} failed: ${response.statusCode} ${response.body}`);
      }
      return response.json<{ access_token: string }>().access_token;
    },
    async close() {
      await app.close();
      await db.execute(sql`select 1`).catch(() => {});
      await cleanup();
    },
  };
}
