/**
 * The connection status modal (R-STATUS-1..4): one line per status item (waiting, active, success,
 * error), the total progress, danger colouring on error, and the buttons the flow offers. It is
 * not dismissable: it closes itself when the flow says so.
 */
import { Badge, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import type { StatusItem, StatusItemStatus } from '@dispatch/domain/connection/status-modal';
import { useTranslation } from 'react-i18next';

export type StatusModalProps<TButton extends string> = {
  readonly opened: boolean;
  readonly title: string;
  readonly items: readonly StatusItem[];
  readonly progress: number;
  readonly danger: boolean;
  readonly running: boolean;
  readonly buttons: readonly TButton[];
  /** The label of a button and of an item title, in the user's language. */
  readonly label?: (text: string) => string;
  readonly onButton: (button: TButton) => void;
};

const statusColor: Record<StatusItemStatus, string> = {
  waiting: 'gray',
  active: 'blue',
  success: 'teal',
  error: 'red',
};

const same = (text: string): string => text;

export function StatusModal<TButton extends string>(props: StatusModalProps<TButton>) {
  const { t } = useTranslation();
  const label = props.label ?? same;
  return (
    <Modal
      opened={props.opened}
      onClose={() => undefined}
      title={label(props.title)}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="sm"
      // It already waits R-CONST-4's 500 ms before closing; a fade on top would only delay work.
      transitionProps={{ duration: 0 }}
    >
      <Stack
        gap="md"
        data-danger={props.danger || undefined}
        data-running={props.running || undefined}
      >
        <Progress
          value={props.progress}
          color={props.danger ? 'red' : 'teal'}
          animated={props.running && !props.danger}
          striped={props.running && !props.danger}
          size="lg"
          aria-label={t('connect.progress')}
        />
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {props.items.map((item) => (
            <Group
              key={item.title}
              component="li"
              justify="space-between"
              wrap="nowrap"
              data-status={item.status}
            >
              <Text size="sm" fw={500}>
                {label(item.title)}
              </Text>
              <Badge color={statusColor[item.status]} variant="light" size="sm">
                {t(`connect.${item.status}`)}
              </Badge>
            </Group>
          ))}
        </Stack>
        {props.buttons.length > 0 ? (
          <Group justify="flex-end" gap="sm">
            {props.buttons.map((button, index) => (
              <Button
                key={button}
                data-autofocus={index === props.buttons.length - 1 ? true : undefined}
                variant={index === props.buttons.length - 1 ? 'filled' : 'default'}
                onClick={() => props.onButton(button)}
              >
                {label(button)}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
}
