/**
 * User, group and external user maintenance (R-USER-1..5, R-EXT-1): the generic resource screens, with the account
 * fields, the groups, the permission grid and the user's sessions as panels of their own.
 */
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import {
  externalUserResource,
  groupResource,
  userResource,
} from '@dispatch/domain/resources/users';
import { ResourceScreen } from '../../resources/resource-screen';
import { AccountPanel } from './account-panel';
import { GroupsPanel } from './groups-panel';
import { PermissionGridPanel } from './permission-grid-panel';
import { SessionsPanel } from './sessions-panel';

const userPanels = {
  main: AccountPanel,
  groups: GroupsPanel,
  permissions: PermissionGridPanel,
  sessions: SessionsPanel,
};
const groupPanels = { permissions: PermissionGridPanel };
const externalUserPanels = { main: AccountPanel };

export function UsersScreen() {
  const screenPath =
    menuEntryByEnumId('UserMaintenance')?.path ?? '/administration/user-maintenance';
  return <ResourceScreen definition={userResource} screenPath={screenPath} panels={userPanels} />;
}

export function GroupsScreen() {
  const screenPath =
    menuEntryByEnumId('GroupMaintenance')?.path ?? '/administration/group-maintenance';
  return <ResourceScreen definition={groupResource} screenPath={screenPath} panels={groupPanels} />;
}

/** External users (R-EXT-1): the account fields, and the customer's jobs they may order for. */
export function ExternalUsersScreen() {
  const screenPath = menuEntryByEnumId('ExternalUsers')?.path ?? '/administration/external-users';
  return (
    <ResourceScreen
      definition={externalUserResource}
      screenPath={screenPath}
      panels={externalUserPanels}
    />
  );
}
