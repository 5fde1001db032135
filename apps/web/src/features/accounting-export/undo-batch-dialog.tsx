/** R-ACCT-12: undo an export batch, with the reason it needs; Enter in the reason confirms. */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountingExportBatch } from '@dispatch/domain/accounting/accounting-export-schemas';

export function UndoBatchDialog(props: {
  batch: AccountingExportBatch | null;
  pending: boolean;
  error: string | undefined;
  onConfirm(reason: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const { batch } = props;

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

  return (
    <Modal
      opened={batch !== null}
      onClose={handleClose}
      title={batch ? t('accountingExport.undoTitle', { batch: batch.id }) : ''}
      centered
    >
      {batch ? (
        <form onSubmit={handleSubmit}>
          <Stack gap="sm">
            <Text size="sm">{t('accountingExport.undoText', { count: batch.recordCount })}</Text>
            <TextInput
              label={t('accountingExport.reason')}
              required
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={
                touched && missing
                  ? t('accountingExport.reasonRequired')
                  : (props.error ?? undefined)
              }
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={handleClose}>
                {t('accountingExport.cancel')}
              </Button>
              <Button type="submit" color="red" loading={props.pending}>
                {t('accountingExport.confirmUndo')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
