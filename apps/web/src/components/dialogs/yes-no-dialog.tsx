/**
 * The Yes/No dialog (R-DIALOG-3): optional text, confirm and deny texts, an optional Cancel and an
 * optional close button. Escape answers Cancel when offered, else No; the confirm button has
 * the focus, so Enter answers Yes.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type YesNoDialogProps = {
  readonly opened: boolean;
  readonly title: string;
  readonly text?: string | undefined;
  readonly confirmText?: string | undefined;
  readonly denyText?: string | undefined;
  readonly withCancel?: boolean | undefined;
  readonly cancelText?: string | undefined;
  readonly withCloseButton?: boolean | undefined;
  /** 'danger' colours the confirm button red, for answers that lose work. */
  readonly tone?: 'default' | 'danger';
  readonly onConfirm: () => void;
  readonly onDeny: () => void;
  readonly onCancel?: (() => void) | undefined;
};

export function YesNoDialog(props: YesNoDialogProps) {
  const { t } = useTranslation();
  const handleDismiss = props.withCancel && props.onCancel ? props.onCancel : props.onDeny;
  return (
    <Modal
      opened={props.opened}
      onClose={handleDismiss}
      title={props.title}
      withCloseButton={props.withCloseButton ?? false}
      closeOnClickOutside={false}
      centered
      size="md"
    >
      {props.text ? <Text size="sm">{props.text}</Text> : null}
      <Group justify="flex-end" mt="lg" gap="sm">
        {props.withCancel ? (
          <Button variant="subtle" color="gray" onClick={props.onCancel ?? props.onDeny}>
            {props.cancelText ?? t('dialogs.cancel')}
          </Button>
        ) : null}
        <Button variant="default" onClick={props.onDeny}>
          {props.denyText ?? t('dialogs.no')}
        </Button>
        <Button
          data-autofocus
          color={props.tone === 'danger' ? 'red' : undefined}
          onClick={props.onConfirm}
        >
          {props.confirmText ?? t('dialogs.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
