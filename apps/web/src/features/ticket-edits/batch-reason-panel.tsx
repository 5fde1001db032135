/** The batch's required reason, with preview and apply; apply waits for a preview. */
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketBatchOutcome } from '@dispatch/domain/tickets/ticket-edits';

export function BatchReasonPanel({
  reason,
  onReasonChange,
  problems,
  busy,
  outcome,
  readOnly,
  onRun,
}: {
  reason: string;
  onReasonChange: (reason: string) => void;
  problems: Record<string, string>;
  busy: 'preview' | 'apply' | null;
  outcome: TicketBatchOutcome | null;
  readOnly: boolean;
  onRun: (preview: boolean) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <TextInput
            style={{ flex: 1 }}
            label={t('ticketEdits.form.reason')}
            placeholder={t('ticketEdits.form.reasonPlaceholder')}
            withAsterisk
            maxLength={500}
            value={reason}
            onChange={(event) => onReasonChange(event.currentTarget.value)}
            error={problems.reason}
            readOnly={readOnly}
          />
          <Button
            variant="default"
            loading={busy === 'preview'}
            disabled={readOnly}
            onClick={() => void onRun(true)}
          >
            {t('ticketEdits.batch.preview')}
          </Button>
          <Button
            loading={busy === 'apply'}
            disabled={readOnly || outcome === null || !outcome.preview}
            onClick={() => void onRun(false)}
          >
            {t('ticketEdits.batch.apply')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('ticketEdits.batch.applyHint')}
        </Text>
        {problems.form ? <Alert color="red">{problems.form}</Alert> : null}
      </Stack>
    </Paper>
  );
}
