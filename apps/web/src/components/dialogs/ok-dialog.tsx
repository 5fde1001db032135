/** The OK dialog (R-DIALOG-4): a title and either one text or several paragraphs. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type OkDialogProps = {
  readonly opened: boolean;
  readonly title: ReactNode;
  readonly text?: string | undefined;
  readonly paragraphs?: readonly string[] | undefined;
  readonly okText?: string | undefined;
  readonly onClose: () => void;
};

export function OkDialog(props: OkDialogProps) {
  const { t } = useTranslation();
  const paragraphs = props.paragraphs ?? (props.text ? [props.text] : []);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      withCloseButton={false}
      closeOnClickOutside={false}
      centered
      size="md"
    >
      <Stack gap="xs">
        {paragraphs.map((paragraph, index) => (
          <Text key={index} size="sm">
            {paragraph}
          </Text>
        ))}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button data-autofocus onClick={props.onClose}>
          {props.okText ?? t('dialogs.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
