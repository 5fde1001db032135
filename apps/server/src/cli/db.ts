import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { menuCatalogue } from '@dispatch/domain/menu/menu-catalogue';
import { legacyFormCatalogue } from '@dispatch/domain/menu/legacy-forms';
import { isPermissionLevel, permissionLevels } from '@dispatch/domain/permissions';
import { placeholderMenuId } from '@dispatch/domain/constants';
import { commonPasswordReason, passwordProblem } from '@dispatch/domain/auth/password-policy';
import { userResource } from '@dispatch/domain/resources/users';
import { isCommonPassword } from '../auth/common-passwords';
import { hashPassword } from '../auth/passwords';
import { readEnv } from '../env';
import { createTenancy, type Tenancy } from '../db/tenancy';
import { demoDatabaseName, ensureDemoDatabase } from '../../seed/demo-database';
import { seedReferenceData } from '../../seed/reference-data';
import { defaultScaleSizes, parseScaleArgs } from '../../seed/scale-options';
import { seedScaleDatabase } from '../../seed/scale-seed';
import { formPermissions, userGroups, userProfiles, users } from '../db/schema/auth';

const usage = `Usage: npm run db -- <command>

  list                          the named databases and their servers
  create NAME                   create (and migrate) a named database, with reference data
  migrate [NAME]                apply migrations to one named database, or to all
  seed NAME                     reference data; for DEMO, the whole demo data set and demo users
  seed-scale NAME [--plants ${defaultScaleSizes.plants}] [--trucks ${defaultScaleSizes.trucks}] [--customers ${defaultScaleSizes.customers}] [--jobs ${defaultScaleSizes.jobs}]
             [--orders-per-day ${defaultScaleSizes.ordersPerDay}] [--days ${defaultScaleSizes.days}] [--seed ${defaultScaleSizes.seed}] [--today YYYY-MM-DD]
                                fill an empty database (created if need be) with a large
                                producer's data for benchmarks; the same options give the same data
  user add NAME USERNAME [--groups 1001,1002,1003] [--level 5] [--admin] [--admin-only]
                                add a user; the password is read from DISPATCH_PASSWORD or asked for
`;

const out = (text: string) => process.stdout.write(`${text}\n`);

async function readPassword(): Promise<string> {
  const fromEnv = readEnv().DISPATCH_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY)
    throw new Error('Set DISPATCH_PASSWORD or run in a terminal to type the password.');
  process.stdout.write('Password: ');
  process.stdin.setRawMode(true);
  let password = '';
  for await (const chunk of process.stdin) {
    for (const char of String(chunk)) {
      if (char === '\r' || char === '\n') {
        process.stdin.setRawMode(false);
        process.stdout.write('\n');
        return password;
      }
      if (char === '\u0003') process.exit(130);
      password = char === '\u007f' ? password.slice(0, -1) : password + char;
    }
  }
  return password;
}

async function addUser(tenancy: Tenancy, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      groups: { type: 'string', default: '' },
      level: { type: 'string', default: String(permissionLevels.FullWithPrices) },
      admin: { type: 'boolean', default: false },
      'admin-only': { type: 'boolean', default: false },
    },
  });
  const [database, username] = positionals;
  if (!database || !username) throw new Error(usage);
  const level = Number(values.level);
  if (!isPermissionLevel(level)) throw new Error('--level must be a permission level from 1 to 6.');
  const groupIds = values.groups
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
    .map(Number);
  // The same rules as the administration screens: a username one can sign in with (R-PASS-1..2).
  const usernameCheck = userResource.fields.username!.schema.safeParse(username);
  if (!usernameCheck.success) {
    throw new Error(`The username ${usernameCheck.error.issues[0]!.message}.`);
  }
  const password = await readPassword();
  const problem =
    passwordProblem(password, username) ??
    (isCommonPassword(password) ? commonPasswordReason : null);
  if (problem) throw new Error(`The password ${problem}.`);
  const { db } = await tenancy.open(database);
  const passwordHash = await hashPassword(password);
  const adminOnly = values['admin-only'];
  const formIds = [...menuCatalogue, ...legacyFormCatalogue]
    .filter((form) => form.id !== placeholderMenuId)
    .filter((form) => !adminOnly || ('isAdmin' in form && form.isAdmin))
    .map((form) => form.id);
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
    if (existing.length > 0) throw new Error(`User ${username} already exists in ${database}.`);
    const [user] = await tx
      .insert(users)
      .values({ username, passwordHash, isSysadmin: values.admin || adminOnly, adminOnly })
      .returning({ id: users.id });
    const userId = user!.id;
    await tx.insert(userProfiles).values({ userId, fullName: username });
    if (groupIds.length)
      await tx.insert(userGroups).values(groupIds.map((groupId) => ({ userId, groupId })));
    await tx
      .insert(formPermissions)
      .values([...new Set(formIds)].map((formId) => ({ userId, formId, permissionId: level })));
  });
  out(`User ${username} added to ${database.toUpperCase()}.`);
}

async function run(tenancy: Tenancy, [command, ...args]: string[]): Promise<void> {
  switch (command) {
    case 'list': {
      const databases = await tenancy.list();
      if (databases.length === 0) out('No named databases yet.');
      for (const db of databases) out(`${db.databaseName.padEnd(32)} ${db.serverName}`);
      return;
    }
    case 'create': {
      const [name] = args;
      if (!name) throw new Error(usage);
      const created = await tenancy.create(name);
      const { db } = await tenancy.open(created.databaseName);
      await seedReferenceData(db);
      out(`Database ${created.databaseName} is ready on ${created.serverName}.`);
      return;
    }
    case 'migrate': {
      const names = args[0] ? [args[0]] : (await tenancy.list()).map((db) => db.databaseName);
      for (const name of names) {
        await tenancy.open(name);
        out(`${name.toUpperCase()} is migrated.`);
      }
      return;
    }
    case 'seed': {
      const [name] = args;
      if (!name) throw new Error(usage);
      if (name.toUpperCase() === demoDatabaseName) {
        const followClock = readEnv().DEMO_FOLLOWS_CLOCK;
        const { created } = await ensureDemoDatabase(tenancy, new Date(), { followClock });
        out(created ? 'DEMO seeded.' : 'DEMO was already seeded.');
        return;
      }
      const { db } = await tenancy.open(name);
      await seedReferenceData(db);
      out(`Reference data seeded in ${name.toUpperCase()}.`);
      return;
    }
    case 'seed-scale': {
      const parsed = parseScaleArgs(args);
      if (!parsed) throw new Error(usage);
      await seedScaleDatabase(tenancy, parsed.name, parsed.options, out);
      out(`${parsed.name.toUpperCase()} is seeded at scale.`);
      return;
    }
    case 'user':
      if (args[0] !== 'add') throw new Error(usage);
      return addUser(tenancy, args.slice(1));
    default:
      throw new Error(usage);
  }
}

const env = readEnv();
const tenancy = createTenancy({
  dataDir: env.DATA_DIR,
  poolSize: env.DATABASE_POOL_SIZE,
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
});
try {
  await run(tenancy, process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await tenancy.close();
}
