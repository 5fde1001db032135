/**
 * The demo logins, all with the password `demo`: an administrator, a dispatcher, a read-only
 * concrete viewer, an administration-only system administrator and a concrete truck's driver.
 * Only DEMO gets them.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { placeholderMenuId } from '@dispatch/domain/constants';
import { legacyFormCatalogue } from '@dispatch/domain/menu/legacy-forms';
import { menuCatalogue } from '@dispatch/domain/menu/menu-catalogue';
import { permissionLevels, type PermissionLevel } from '@dispatch/domain/permissions';
import { allowedSystemTypes, systemTypes } from '@dispatch/domain/system-types';
import { formPermissions, userGroups, userProfiles, users } from '../src/db/schema/auth';
import { employees } from '../src/db/schema/employees';
import { plants } from '../src/db/schema/plants';
import { drivers, trucks } from '../src/db/schema/trucks';
import { demoCompany } from './demo-company';
import type { DemoEmployee, DemoStaff } from './demo-staff';
import { insertAll, insertReturningIds, idAt, type SeedDb } from '../src/db/bulk-insert';

export const demoPassword = 'demo';

export type DemoLogin = {
  readonly username: string;
  readonly password: string;
  readonly description: string;
};

export const demoLogins: readonly DemoLogin[] = [
  {
    username: 'admin',
    password: demoPassword,
    description: 'System administrator: every form of every system type, with prices',
  },
  {
    username: 'dispatcher',
    password: demoPassword,
    description: 'Dispatcher: concrete, aggregate and block, full access with prices',
  },
  {
    username: 'viewer',
    password: demoPassword,
    description: 'Concrete only, read-only, prices hidden',
  },
  {
    username: 'sysadmin',
    password: demoPassword,
    description: 'Administration screens only (lands on /admin-only)',
  },
  {
    username: 'driver',
    password: demoPassword,
    description: 'Driver of a concrete truck on a load: the driver app (lands on /driver)',
  },
];

/** Every permissioned form: the menu catalogue and the legacy catalogue, less the dashboard. */
export function permissionedFormIds(): number[] {
  const ids = new Set([
    ...menuCatalogue.map((entry) => entry.id),
    ...legacyFormCatalogue.map((form) => form.id),
  ]);
  ids.delete(placeholderMenuId);
  return [...ids].sort((a, b) => a - b);
}

export function administrationFormIds(): number[] {
  return menuCatalogue
    .filter((entry) => entry.isAdmin && entry.id !== placeholderMenuId)
    .map((entry) => entry.id)
    .sort((a, b) => a - b);
}

const allGroupIds = systemTypes.map((type) => type.groupId);

type DemoUserSpec = {
  username: string;
  fullName: string;
  isSysadmin: boolean;
  adminOnly: boolean;
  groupIds: readonly number[];
  formIds: readonly number[];
  level: PermissionLevel;
  employee: Pick<DemoEmployee, 'id'> | null;
};

/** The quick menu a user starts with: quick-menu forms they may open, in catalogue order. */
function quickLaunchFormIds(spec: DemoUserSpec): number[] {
  const allowed = new Set(allowedSystemTypes(spec.groupIds));
  const permitted = new Set(spec.formIds);
  return menuCatalogue
    .filter(
      (entry) =>
        entry.availableInQuickMenu &&
        permitted.has(entry.id) &&
        (entry.systemTypeIds.length === 0 || entry.systemTypeIds.some((id) => allowed.has(id))),
    )
    .slice(0, 8)
    .map((entry) => entry.id);
}

/**
 * R-DRV-1: the demo driver drives the first concrete truck out on a load when the demo is seeded,
 * so the driver app opens on a current load. A driver needs no form: the app asks only for the
 * truck the user drives.
 */
async function demoDriverEmployee(
  db: SeedDb,
): Promise<{ id: number; completeName: string } | null> {
  const [row] = await db
    .select({ id: employees.id, completeName: employees.completeName })
    .from(trucks)
    .innerJoin(plants, eq(plants.id, trucks.plantId))
    .innerJoin(drivers, eq(drivers.id, trucks.driverId))
    .innerJoin(employees, eq(employees.id, drivers.employeeId))
    .where(
      and(
        eq(plants.systemTypeId, systemTypes[0].id),
        isNotNull(trucks.currentTicketId),
        eq(trucks.outsideTruckFlag, false),
      ),
    )
    .orderBy(asc(trucks.id))
    .limit(1);
  return row ?? null;
}

export async function seedUsers(
  db: SeedDb,
  passwordHash: string,
  staff: DemoStaff,
): Promise<{ users: number; formPermissions: number }> {
  const every = permissionedFormIds();
  const driver = await demoDriverEmployee(db);
  const dispatcher = staff.dispatchers[0] ?? null;
  const office = staff.office[0] ?? null;
  const salesman = staff.salesmen[0] ?? null;
  const specs: DemoUserSpec[] = [
    {
      username: 'admin',
      fullName: office?.name.completeName ?? 'Demo Administrator',
      isSysadmin: true,
      adminOnly: false,
      groupIds: allGroupIds,
      formIds: every,
      level: permissionLevels.FullWithPrices,
      employee: office,
    },
    {
      username: 'dispatcher',
      fullName: dispatcher?.name.completeName ?? 'Demo Dispatcher',
      isSysadmin: false,
      adminOnly: false,
      groupIds: allGroupIds,
      formIds: every,
      level: permissionLevels.FullWithPrices,
      employee: dispatcher,
    },
    {
      username: 'viewer',
      fullName: salesman?.name.completeName ?? 'Demo Viewer',
      isSysadmin: false,
      adminOnly: false,
      groupIds: [systemTypes[0].groupId],
      formIds: every,
      level: permissionLevels.ReadOnlyNoPrices,
      employee: salesman,
    },
    {
      username: 'sysadmin',
      fullName: 'IT Administrator',
      isSysadmin: true,
      adminOnly: true,
      groupIds: [],
      formIds: administrationFormIds(),
      level: permissionLevels.FullWithPrices,
      employee: null,
    },
    {
      username: 'driver',
      fullName: driver?.completeName ?? 'Demo Driver',
      isSysadmin: false,
      adminOnly: false,
      groupIds: [systemTypes[0].groupId],
      formIds: [],
      level: permissionLevels.ReadOnlyNoPrices,
      employee: driver,
    },
  ];

  const userIds = await insertReturningIds(
    db,
    users,
    specs.map((spec) => ({
      username: spec.username,
      passwordHash,
      isSysadmin: spec.isSysadmin,
      adminOnly: spec.adminOnly,
      employeeId: spec.employee?.id ?? null,
    })),
  );
  const profileIds = await insertReturningIds(
    db,
    userProfiles,
    specs.map((spec, index) => ({
      userId: idAt(userIds, index),
      fullName: spec.fullName,
      emailAddress: `${spec.username}@${demoCompany.emailDomain}`,
      language: 'en',
      quickLaunchFormIds: quickLaunchFormIds(spec),
    })),
  );
  await insertAll(
    db,
    userGroups,
    specs.flatMap((spec, index) =>
      spec.groupIds.map((groupId) => ({ userId: idAt(userIds, index), groupId })),
    ),
  );
  const permissionRows = specs.flatMap((spec, index) =>
    spec.formIds.map((formId) => ({
      userId: idAt(userIds, index),
      formId,
      permissionId: spec.level,
    })),
  );
  await insertAll(db, formPermissions, permissionRows);
  for (const [index, spec] of specs.entries()) {
    if (!spec.employee) continue;
    await db
      .update(employees)
      .set({ userProfileId: idAt(profileIds, index) })
      .where(eq(employees.id, spec.employee.id));
  }
  return { users: userIds.length, formPermissions: permissionRows.length };
}
