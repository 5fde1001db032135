/** Confirm Logout (R-LOGOUT-2): unsaved classic windows are open; Yes logs off without saving. */
import { logoutConfirmation } from '@dispatch/domain/session/logout';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n/i18n';
import { YesNoDialog } from './yes-no-dialog';

export type ConfirmLogoutDialogProps = {
  readonly opened: boolean;
  readonly onConfirm: () => void;
  readonly onDeny: () => void;
};

export function ConfirmLogoutDialog(props: ConfirmLogoutDialogProps) {
  const { t } = useTranslation();
  return (
    <YesNoDialog
      opened={props.opened}
      title={t('dialogs.confirmLogoutTitle', { defaultValue: logoutConfirmation.title })}
      text={translateMessage(logoutConfirmation.text)}
      tone="danger"
      onConfirm={props.onConfirm}
      onDeny={props.onDeny}
    />
  );
}
