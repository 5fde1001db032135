/**
 * The actions of a change that is previewed before it is applied (price escalation R-ESC-3,
 * global mix design change R-MIX-10): Preview, then Apply, offered only while the preview shown
 * is of the choices shown (else a word to preview again) and has something to apply.
 */
import { Button, Group, Text } from '@mantine/core';

type Props = {
  previewText: string;
  applyText: string;
  previewAgainText: string;
  onPreview: () => void;
  onApply: () => void;
  previewing: boolean;
  canPreview: boolean;
  /** A preview was made (current or not). */
  previewed: boolean;
  /** The preview shown is of the choices shown. */
  current: boolean;
  /** The preview has rows to apply. */
  hasRows: boolean;
  /** Read-only levels preview without an Apply. */
  canApply?: boolean;
};

export function PreviewApplyActions(props: Props) {
  return (
    <Group gap="sm">
      <Button onClick={props.onPreview} loading={props.previewing} disabled={!props.canPreview}>
        {props.previewText}
      </Button>
      {props.canApply === false ? null : (
        <Button color="orange" onClick={props.onApply} disabled={!props.current || !props.hasRows}>
          {props.applyText}
        </Button>
      )}
      {props.previewed && !props.current ? (
        <Text size="sm" c="dimmed">
          {props.previewAgainText}
        </Text>
      ) : null}
    </Group>
  );
}
