/**
 * A confirmation that needs a reason (undoing an export batch, crediting an invoice): the reason
 * is required, its error shows next to it, and the server's refusal shows there too. A one-line
 * reason confirms with Enter; a multiline one with the button.
 */
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';

export type ReasonDialogText = {
  title: string;
  body: ReactNode;
  reasonLabel: string;
  reasonRequired: string;
  cancel: string;
  confirm: string;
};

export function ReasonDialog(props: {
  /** The dialog's texts while it is open; null closes it. */
  text: ReasonDialogText | null;
  multiline?: boolean;
  pending: boolean;
  error: string | undefined;
  onConfirm(reason: string): void;
  onClose(): void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const { text } = props;

  const handleClose = () => {
    setReason('');
    setTouched(false);
    props.onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!missing) props.onConfirm(reason.trim());
  };
  const field = {
    label: text?.reasonLabel,
    required: true,
    maxLength: 500,
    value: reason,
    onBlur: () => setTouched(true),
    error: touched && missing ? text?.reasonRequired : (props.error ?? undefined),
    'data-autofocus': true,
  };

  return (
    <Modal opened={text !== null} onClose={handleClose} title={text?.title ?? ''} centered>
      {text ? (
        <form onSubmit={handleSubmit}>
          <Stack gap="sm">
            <Text size="sm">{text.body}</Text>
            {props.multiline ? (
              <Textarea
                {...field}
                rows={3}
                onChange={(event) => setReason(event.currentTarget.value)}
              />
            ) : (
              <TextInput {...field} onChange={(event) => setReason(event.currentTarget.value)} />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={handleClose}>
                {text.cancel}
              </Button>
              <Button type="submit" color="red" loading={props.pending}>
                {text.confirm}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
