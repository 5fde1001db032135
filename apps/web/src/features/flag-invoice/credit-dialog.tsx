/** R-INV-7: issue a credit note for an invoice, with the reason it needs. */
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '@dispatch/domain/invoicing/invoice-schemas';
import { ReasonDialog } from '../../components/dialogs/reason-dialog';
import { useMoney } from './invoice-format';

export function CreditDialog(props: {
  invoice: InvoiceSummary | null;
  pending: boolean;
  error: string | undefined;
  onConfirm(reason: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const { invoice, ...rest } = props;
  return (
    <ReasonDialog
      {...rest}
      multiline
      text={
        invoice
          ? {
              title: t('flagInvoice.creditTitle', { number: invoice.number }),
              body: t('flagInvoice.creditText', {
                number: invoice.number,
                customer: invoice.customerName,
                total: money(invoice.totalAmount),
              }),
              reasonLabel: t('flagInvoice.creditReason'),
              reasonRequired: t('flagInvoice.creditReasonRequired'),
              cancel: t('flagInvoice.cancel'),
              confirm: t('flagInvoice.creditConfirm'),
            }
          : null
      }
    />
  );
}
