/** The warning (R-DIALOG-6, R-PERM-10) when a form is opened without the permission to view it. */
import { Group, Text } from '@mantine/core';
import { insufficientPermissionMessage, messages } from '@dispatch/domain/messages';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n/i18n';
import { OkDialog } from './ok-dialog';

export type InsufficientPermissionDialogProps = {
  readonly opened: boolean;
  readonly formName: string;
  readonly onClose: () => void;
};

export function InsufficientPermissionDialog(props: InsufficientPermissionDialogProps) {
  const { t } = useTranslation();
  return (
    <OkDialog
      opened={props.opened}
      title={
        <Group gap={8} component="span">
          <Text span c="orange.7" fw={700} aria-hidden>
            ⚠
          </Text>
          <span>{t('dialogs.insufficientPermissionTitle')}</span>
        </Group>
      }
      text={insufficientPermissionMessage(props.formName).replace(
        messages.insufficientPermission,
        translateMessage(messages.insufficientPermission),
      )}
      onClose={props.onClose}
    />
  );
}
