/**
 * Users, groups and external users (R-USER-1..8): who may log in and what they may open. A user's
 * level on a form is the highest of its own and its groups' (R-PERM-7); groups 1001 to 1003 also
 * unlock the system types (R-SYS-2). Passwords are never answered: an administrator sets a
 * temporary one (write-only), which the user must change at the next login (R-PASS-3).
 */
import { passwordSchema } from '../auth/password-policy';
import { menuEntryById } from '../menu/menu-catalogue';
import { legacyFormById } from '../menu/legacy-forms';
import { permissionLevelNames, permissionLevels } from '../permissions';
import { systemTypes } from '../system-types';
import { defineResource, onceEach, type RecordRule } from './define';
import { choice, email, flag, integer, reference, text, writeOnly } from './field';

/** Every permissioned form: the menu's screens and the classic forms. */
export function isPermissionedForm(formId: number): boolean {
  return menuEntryById(formId) !== undefined || legacyFormById(formId) !== undefined;
}

export const permissionLevelChoices = Object.entries(permissionLevelNames).map(
  ([value, label]) => ({ value: Number(value), label }),
);

/** A form's level, as rows of a user or a group: each form once, and a form that exists. */
const permissionRows = {
  label: 'Form permissions',
  fields: {
    formId: integer({ label: 'Form', required: true, min: 1 }),
    permissionId: choice(permissionLevelChoices, {
      label: 'Level',
      default: permissionLevels.None,
    }),
  },
  section: 'permissions',
  panel: true,
};

const knownForms: RecordRule = (record) => {
  const rows = Array.isArray(record.permissions)
    ? (record.permissions as Record<string, unknown>[])
    : [];
  return rows.flatMap((row, index) =>
    typeof row.formId === 'number' && !isPermissionedForm(row.formId)
      ? [{ field: `permissions.${index}.formId`, reason: `no form has the id ${row.formId}` }]
      : [],
  );
};

const temporaryPassword = writeOnly({
  label: 'Temporary password',
  hint: 'At least 12 characters; the user must choose a new one at the next login',
  value: passwordSchema,
});

const username = text({ label: 'Username', required: true, list: true, max: 100 });

const mustChangePassword = flag({
  label: 'Must change password',
  hint: 'Set by a temporary password; cleared when the user chooses a new one',
  readOnly: true,
  list: true,
});

const profile = {
  label: 'Profile',
  fields: {
    fullName: text({ label: 'Full name', max: 100 }),
    emailAddress: email({ label: 'E-mail address' }),
  },
  single: true,
  section: 'main',
  panel: true,
};

export const userResource = defineResource({
  name: 'users',
  path: 'users',
  singular: 'User',
  plural: 'Users',
  screen: 'UserMaintenance',
  admin: true,
  labelField: 'username',
  fields: {
    username,
    employeeId: reference('employees', { label: 'Employee', list: true }),
    isSysadmin: flag({
      label: 'System administrator',
      hint: 'Opens every administration screen',
      list: true,
    }),
    adminOnly: flag({
      label: 'Administrator only',
      hint: 'Lands on the administration screens after login, not the dashboard',
    }),
    mustChangePassword,
    inactiveFlag: flag({ label: 'Inactive', list: true }),
  },
  writeOnly: { temporaryPassword },
  search: ['username'],
  sort: ['username', 'id'],
  children: {
    profile,
    groups: {
      label: 'Groups',
      fields: { groupId: reference('groups', { label: 'Group', required: true }) },
      section: 'groups',
      panel: true,
    },
    permissions: permissionRows,
  },
  sections: [
    { key: 'main', label: 'General' },
    { key: 'groups', label: 'Groups' },
    { key: 'permissions', label: 'Form permissions' },
    { key: 'sessions', label: 'Sessions' },
  ],
  rules: [
    onceEach('groups', 'groupId', 'group'),
    onceEach('permissions', 'formId', 'form'),
    knownForms,
  ],
});

/** The groups that unlock a system type: fixed, never removed (R-USER-5). */
export const systemGroupIds: readonly number[] = systemTypes.map((type) => type.groupId);

export const groupResource = defineResource({
  name: 'groups',
  path: 'groups',
  singular: 'Group',
  plural: 'Groups',
  screen: 'GroupMaintenance',
  admin: true,
  givenId: true,
  labelField: 'groupName',
  fields: {
    groupName: text({ label: 'Name', required: true, list: true, max: 100 }),
    description: text({ label: 'Description', list: true, max: 200 }),
  },
  search: ['groupName', 'description'],
  sort: ['groupName', 'id'],
  defaultSort: 'id',
  children: { permissions: permissionRows },
  sections: [
    { key: 'main', label: 'General' },
    { key: 'permissions', label: 'Form permissions' },
  ],
  rules: [onceEach('permissions', 'formId', 'form'), knownForms],
});

/**
 * External users (R-EXT-1): a customer's staff, tied to that customer and, when jobs are listed,
 * to those jobs only. They hold no form permissions: what they may see is decided on the server
 * by their customer, never by a level an administrator could widen by mistake.
 */
export const externalUserResource = defineResource({
  name: 'externalUsers',
  path: 'external-users',
  singular: 'External user',
  plural: 'External users',
  screen: 'ExternalUsers',
  admin: true,
  labelField: 'username',
  fields: {
    username,
    customerId: reference('customers', { label: 'Customer', required: true, list: true }),
    mustChangePassword,
    inactiveFlag: flag({ label: 'Inactive', list: true }),
  },
  writeOnly: { temporaryPassword },
  search: ['username'],
  sort: ['username', 'id'],
  filters: ['customerId'],
  children: {
    profile,
    jobs: {
      label: 'Jobs (none listed: every job of the customer)',
      fields: {
        jobId: reference('jobs', {
          label: 'Job',
          required: true,
          pickBy: { customerId: 'customerId' },
        }),
      },
    },
  },
  sections: [
    { key: 'main', label: 'General' },
    { key: 'jobs', label: 'Jobs' },
  ],
  rules: [onceEach('jobs', 'jobId', 'job')],
});
