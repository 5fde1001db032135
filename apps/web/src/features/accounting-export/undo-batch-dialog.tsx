/** R-ACCT-12: undo an export batch, with the reason it needs; Enter in the reason confirms. */
import { useTranslation } from 'react-i18next';
import type { AccountingExportBatch } from '@dispatch/domain/accounting/accounting-export-schemas';
import { ReasonDialog } from '../../components/dialogs/reason-dialog';

export function UndoBatchDialog(props: {
  batch: AccountingExportBatch | null;
  pending: boolean;
  error: string | undefined;
  onConfirm(reason: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { batch, ...rest } = props;
  return (
    <ReasonDialog
      {...rest}
      text={
        batch
          ? {
              title: t('accountingExport.undoTitle', { batch: batch.id }),
              body: t('accountingExport.undoText', { count: batch.recordCount }),
              reasonLabel: t('accountingExport.reason'),
              reasonRequired: t('accountingExport.reasonRequired'),
              cancel: t('accountingExport.cancel'),
              confirm: t('accountingExport.confirmUndo'),
            }
          : null
      }
    />
  );
}
