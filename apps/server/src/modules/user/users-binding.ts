/**
 * Where users, groups and external users live (R-USER-1..8): the users table with its profile,
 * groups and form permissions as children; groups with their form permissions. Staff and external
 * users share the users table (one login for both) and are told apart by customer_id.
 *
 * A sent temporary password is checked (R-PASS-1..2), hashed, and marks the user to change it at
 * the next login (R-PASS-3); the clear value is never stored, answered or logged. A change of
 * groups or permissions reaches the user's open sessions at once (permissionsChanged_v1, R-USER-4);
 * deactivating a user ends their sessions.
 */
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { commonPasswordReason, passwordProblem } from '@dispatch/domain/auth/password-policy';
import { systemGroupIds } from '@dispatch/domain/resources/users';
import type { Tx } from '../../db/client';
import { jobs } from '../../db/schema/jobs';
import {
  externalUserJobs,
  formPermissions,
  groupFormPermissions,
  groups,
  userGroups,
  userProfiles,
  users,
} from '../../db/schema/auth';
import { publish } from '../../dispatch/publish';
import { ApiError, validationError } from '../../http/api-error';
import { isCommonPassword } from '../../auth/common-passwords';
import { hashPassword } from '../../auth/passwords';
import { liveSessionIdsOf, revokeUserSessions } from '../../auth/session-store';
import { readSystemParameter } from '../settings/system-parameters.service';
import type { PendingWrite, RecordCheck, ResourceBinding } from '../../resources/resource-binding';

/** Usernames are unique whatever their case, as login matches them (R-USER-1). */
const uniqueUsername: RecordCheck = async (tx, record) => {
  const username = typeof record.username === 'string' ? record.username.trim() : '';
  if (username === '') return [];
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        typeof record.id === 'number' ? ne(users.id, record.id) : undefined,
      ),
    );
  return others.length > 0
    ? [{ field: 'username', reason: 'is already taken by another user' }]
    : [];
};

async function setTemporaryPassword(tx: Tx, write: PendingWrite): Promise<void> {
  const sent = write.body.temporaryPassword;
  if (sent === undefined && write.id !== null) return;
  if (typeof sent !== 'string') {
    throw validationError([
      {
        field: 'temporaryPassword',
        reason: write.id === null ? 'is required for a new user' : 'cannot be removed',
      },
    ]);
  }
  const named = write.values.username ?? write.current?.username;
  const username = typeof named === 'string' ? named : '';
  const problem =
    passwordProblem(sent, username) ?? (isCommonPassword(sent) ? commonPasswordReason : null);
  if (problem) throw validationError([{ field: 'temporaryPassword', reason: problem }]);
  write.values.passwordHash = await hashPassword(sent);
  write.values.mustChangePassword = true;
  write.values.passwordChangedAt = write.now;
  // A password reset by an administrator also ends what the old password opened.
  if (write.id !== null) await revokeUserSessions(tx, write.id, write.now);
}

/** Tells a user's live sessions that what they may open has changed: they reload it at once. */
export async function notifyPermissionsChanged(tx: Tx, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await publish(tx, {
    name: 'permissionsChanged_v1',
    data: { userIds: [...userIds] },
    sessionIds: await liveSessionIdsOf(tx, userIds),
  });
}

async function afterUserWrite(
  tx: Tx,
  id: number,
  action: 'created' | 'updated' | 'deactivated' | 'deleted',
  now: Date,
): Promise<void> {
  if (action === 'deactivated') {
    await revokeUserSessions(tx, id, now);
    return;
  }
  if (action === 'updated') await notifyPermissionsChanged(tx, [id]);
}

export const userBinding: ResourceBinding = {
  table: users,
  scope: () => isNull(users.customerId),
  check: uniqueUsername,
  prepareWrite: (tx, write) => setTemporaryPassword(tx, write),
  afterWrite: (tx, id, action, written) =>
    afterUserWrite(tx, id, action, written?.now ?? new Date()),
  children: {
    profile: { table: userProfiles, parentKey: 'userId' },
    groups: { table: userGroups, parentKey: 'userId', rowKey: 'groupId' },
    permissions: { table: formPermissions, parentKey: 'userId', rowKey: 'formId' },
  },
};

/** External users are kept only while the system parameter allows them (R-EXT-1). */
const externalUsersAllowed: RecordCheck = async (tx, record, context) => {
  if (!(await readSystemParameter(tx, 'externalUsersEnabled'))) {
    throw new ApiError(
      'conflict',
      'External users are switched off: turn on the system parameter externalUsersEnabled first.',
      { code: 'external_users_disabled' },
    );
  }
  const problems = await uniqueUsername(tx, record, context);
  // The jobs listed must be the customer's own (R-EXT-1).
  const rows = Array.isArray(record.jobs) ? (record.jobs as { jobId?: unknown }[]) : [];
  const jobIds = rows.map((row) => row.jobId).filter((id): id is number => typeof id === 'number');
  if (jobIds.length === 0) return problems;
  const owned = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.id, jobIds), eq(jobs.customerId, Number(record.customerId))));
  const ownedIds = new Set(owned.map((job) => job.id));
  rows.forEach((row, index) => {
    if (typeof row.jobId === 'number' && !ownedIds.has(row.jobId)) {
      problems.push({ field: `jobs.${index}.jobId`, reason: "is not one of the customer's jobs" });
    }
  });
  return problems;
};

export const externalUserBinding: ResourceBinding = {
  table: users,
  scope: () => isNotNull(users.customerId),
  check: externalUsersAllowed,
  prepareWrite: (tx, write) => setTemporaryPassword(tx, write),
  afterWrite: (tx, id, action, written) =>
    afterUserWrite(tx, id, action, written?.now ?? new Date()),
  children: {
    profile: { table: userProfiles, parentKey: 'userId' },
    jobs: { table: externalUserJobs, parentKey: 'userId', rowKey: 'jobId' },
  },
};

/**
 * A group's change reaches its members: their version moves (so no process keeps their old
 * grants), and their sessions are told at once.
 */
async function afterGroupWrite(tx: Tx, id: number): Promise<void> {
  const members = await tx
    .update(users)
    .set({ version: sql`${users.version} + 1` })
    .where(
      inArray(
        users.id,
        tx.select({ id: userGroups.userId }).from(userGroups).where(eq(userGroups.groupId, id)),
      ),
    )
    .returning({ id: users.id });
  await notifyPermissionsChanged(
    tx,
    members.map((member) => member.id),
  );
}

export const groupBinding: ResourceBinding = {
  table: groups,
  check: (_tx, record) =>
    Promise.resolve(
      typeof record.id === 'number' && record.id < 1
        ? [{ field: 'id', reason: 'must be 1 or more' }]
        : [],
    ),
  beforeDelete: (_tx, current) => {
    if (systemGroupIds.includes(Number(current.id))) {
      throw new ApiError(
        'conflict',
        `Group ${String(current.groupName)} unlocks a system type and cannot be deleted.`,
        { code: 'system_group' },
      );
    }
    return Promise.resolve();
  },
  afterWrite: (tx, id) => afterGroupWrite(tx, id),
  children: {
    permissions: { table: groupFormPermissions, parentKey: 'groupId', rowKey: 'formId' },
  },
};
