/**
 * A named database filled by the seed-scale generator for a benchmark, with a login to drive the
 * API. By default it is made for one run and dropped after it; BENCH_SCALE_DATABASE=NAME uses (and
 * keeps) a named database instead, seeding it first when it is empty, so an index can be tried by
 * hand between runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { permissionLevels } from '@dispatch/domain/permissions';
import { systemTypes } from '@dispatch/domain/system-types';
import { hashPassword } from '../src/auth/passwords';
import { formPermissions, userGroups, userProfiles, users } from '../src/db/schema/auth';
import { customers } from '../src/db/schema/customers';
import { permissionedFormIds } from '../seed/demo-users';
import type { ScaleOptions } from '../seed/scale-options';
import { seedScaleDatabase } from '../seed/scale-seed';
import { createTenancy, type Tenancy } from '../src/db/tenancy';

export const benchLogin = { username: 'bench', password: 'bench-password' } as const;

/** The bench user's access token for the named database, as a client logs in. */
export async function benchToken(apiUrl: string, database: string): Promise<string> {
  const login = await fetch(`${apiUrl}/token`, {
    method: 'POST',
    headers: { database, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: benchLogin.username,
      client_secret: benchLogin.password,
      grant_type: 'client_credentials',
    }).toString(),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return token;
}

export type ScaleBenchDatabase = {
  tenancy: Tenancy;
  name: string;
  /** The PostgreSQL database that holds the named database. */
  physicalUrl: string;
  /** How the seed went, or that an existing seeded database was used. */
  seeded: string;
  drop(): Promise<void>;
};

export async function createScaleBenchDatabase(
  databaseUrl: string,
  options: ScaleOptions,
  keep: string | undefined,
  poolSize: number,
): Promise<ScaleBenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-bench-'));
  const tenancy = createTenancy({ databaseUrl, dataDir, poolSize });
  const name = (keep ?? `BENCHSCALE${Date.now().toString(36)}`).toUpperCase();
  let seeded = `using the seeded database ${name}`;
  const existing = await tenancy.find(name);
  const empty =
    !existing ||
    (await (await tenancy.open(name)).db.select({ id: customers.id }).from(customers).limit(1))
      .length === 0;
  if (empty) {
    const { seconds } = await seedScaleDatabase(tenancy, name, options);
    seeded = `seed-scale took ${seconds.toFixed(1)} s`;
  }
  const { db } = await tenancy.open(name);
  const [known] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, benchLogin.username));
  if (!known) {
    const [user] = await db
      .insert(users)
      .values({
        username: benchLogin.username,
        passwordHash: await hashPassword(benchLogin.password),
      })
      .returning({ id: users.id });
    const userId = user!.id;
    await db.insert(userProfiles).values({ userId, fullName: 'Benchmark' });
    await db
      .insert(userGroups)
      .values(systemTypes.map((type) => ({ userId, groupId: type.groupId })));
    await db.insert(formPermissions).values(
      permissionedFormIds().map((formId) => ({
        userId,
        formId,
        permissionId: permissionLevels.FullWithPrices,
      })),
    );
  }
  const physical = new URL(databaseUrl);
  physical.pathname = `/${decodeURIComponent(physical.pathname.slice(1)) || 'postgres'}_${name.toLowerCase()}`;
  return {
    tenancy,
    name,
    physicalUrl: physical.toString(),
    seeded,
    async drop() {
      await tenancy.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (keep) return;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(
        `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(physical.pathname.slice(1))} WITH (FORCE)`,
      );
      await admin.query('DELETE FROM named_databases WHERE database_name = $1', [name]);
      await admin.end();
    },
  };
}
