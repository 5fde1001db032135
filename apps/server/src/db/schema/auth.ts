/**
 * Who may log in and what they may open: users, their profiles, groups (which also unlock the
 * system types, spec section 1), per-form permissions, sessions and login attempts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { identityId, modifiedAt, modifiedBy, timestamptz, version } from './columns';
import { customers } from './customers';
import { employees } from './employees';
import { jobs } from './jobs';

export const users = pgTable(
  'users',
  {
    id: identityId(),
    username: text().notNull(),
    /** scrypt in its self-describing string form; the password itself is never stored. */
    passwordHash: text().notNull(),
    isSysadmin: boolean().notNull().default(false),
    // Sent in the login answer: such users land on /admin-only (spec section 6).
    adminOnly: boolean().notNull().default(false),
    inactiveFlag: boolean().notNull().default(false),
    employeeId: integer().references((): AnyPgColumn => employees.id, { onDelete: 'set null' }),
    passwordChangedAt: timestamptz(),
    // Set when an administrator gives a temporary password: login refuses until it is changed.
    mustChangePassword: boolean().notNull().default(false),
    // An external user (a customer's staff, R-EXT-1) belongs to one customer; staff have none.
    customerId: integer().references((): AnyPgColumn => customers.id),
    createdAt: timestamptz().notNull().defaultNow(),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    index('users_customer_id_idx').on(t.customerId),
    // Login matches usernames case-insensitively, so two users may not differ only by case.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    check('users_username_check', sql`length(trim(${t.username})) > 0`),
  ],
);

/** The user as the classic forms know them; user groups answer with this id (userProfileId). */
export const userProfiles = pgTable('user_profiles', {
  id: identityId(),
  userId: integer()
    .notNull()
    .unique('user_profiles_user_id_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text(),
  emailAddress: text(),
  language: text().notNull().default('en'),
  // The forms of the user's quick menu; the quickLaunchFormUpdate event carries the same list.
  quickLaunchFormIds: integer()
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  version: version(),
  modifiedAt: modifiedAt(),
});

/** Ids are codes: 1001, 1002 and 1003 unlock concrete, aggregate and block. */
export const groups = pgTable('groups', {
  id: integer().primaryKey(),
  groupName: text().notNull().unique('groups_group_name_unique'),
  description: text(),
  version: version(),
  modifiedAt: modifiedAt(),
  modifiedBy: modifiedBy(),
});

/** Memberships are replaced as a set from user maintenance; the user's version guards that. */
export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.groupId] }),
    index('user_groups_group_id_idx').on(t.groupId),
  ],
);

/** Spec section 6: 1 None .. 6 FullWithReadOnlyPrices; a missing row means None. */
export const formPermissions = pgTable(
  'form_permissions',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formId: integer().notNull(),
    permissionId: smallint().notNull(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.formId] }),
    check('form_permissions_permission_id_check', sql`${t.permissionId} between 1 and 6`),
  ],
);

/** A group's form levels; a member's level on a form is the highest of its own and its groups'. */
export const groupFormPermissions = pgTable(
  'group_form_permissions',
  {
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    formId: integer().notNull(),
    permissionId: smallint().notNull(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.formId] }),
    check('group_form_permissions_permission_id_check', sql`${t.permissionId} between 1 and 6`),
  ],
);

/** The jobs an external user may order for; none listed means every job of their customer. */
export const externalUserJobs = pgTable(
  'external_user_jobs',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId] })],
);

/**
 * Sessions live in the database so any API process can serve any request. Only hashes of the
 * bearer token and the seat token are kept: a leaked table must not be a set of live logins.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: identityId(),
    tokenHash: text().notNull().unique('sessions_token_hash_unique'),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A forced logout for a seat ends only the sessions opened from that browser seat.
    seatTokenHash: text(),
    connectionId: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    expiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
    lastUsedAt: timestamptz().notNull().defaultNow(),
    ipAddress: text(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_seat_token_hash_idx').on(t.seatTokenHash),
    // Lets a sweeper delete expired sessions without a full scan.
    index('sessions_expires_at_idx').on(t.expiresAt),
    check('sessions_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

/** Feeds login throttling: recent failures per username and per address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    usernameLower: text().notNull(),
    ipAddress: text(),
    attemptedAt: timestamptz().notNull().defaultNow(),
    succeeded: boolean().notNull(),
  },
  (t) => [
    index('login_attempts_username_lower_attempted_at_idx').on(t.usernameLower, t.attemptedAt),
    index('login_attempts_ip_address_attempted_at_idx').on(t.ipAddress, t.attemptedAt),
    check(
      'login_attempts_username_lower_check',
      sql`${t.usernameLower} = lower(${t.usernameLower})`,
    ),
  ],
);
