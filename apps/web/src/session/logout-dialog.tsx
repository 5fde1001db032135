/** The Confirm Logout dialog while the logout flow asks (R-LOGOUT-2). */
import { ConfirmLogoutDialog } from '../components/dialogs/confirm-logout-dialog';
import { confirmLogout, denyLogout, useLogoutState } from './logout';

export function LogoutConfirmation() {
  const state = useLogoutState();
  return (
    <ConfirmLogoutDialog
      opened={state.confirmation !== null}
      onConfirm={confirmLogout}
      onDeny={denyLogout}
    />
  );
}
