/**
 * R-INQ-7: invoice inquiry's search fields: the invoice number first (Enter opens the invoice),
 * then a ticket number on it, customer, job, PO, days, plant and kind. Customer, job and plant
 * are pick lists searched as you type (R-PICK-1).
 */
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { invoiceKinds } from '@dispatch/domain/invoicing/invoice-schemas';
import { CommonSearchFields } from './common-search-fields';
import { InquiryTextFilter } from './inquiry-text-filter';
import type { InquirySearch } from './use-inquiry-search';

export const invoiceFilterNames = [
  'number',
  'ticketNumber',
  'customerId',
  'jobId',
  'po',
  'dateFrom',
  'dateTo',
  'plantId',
  'kind',
] as const;

export function InvoiceSearchFields({ search }: { search: InquirySearch }) {
  const { t } = useTranslation();
  const { filters, set } = search;
  return (
    <>
      <InquiryTextFilter
        label={t('inquiry.invoices.ticketNumber')}
        value={filters.ticketNumber ?? ''}
        onChange={(value) => set('ticketNumber', value)}
        numeric
        numericError={t('inquiry.notANumber')}
      />
      <CommonSearchFields search={search} />
      <Select
        label={t('inquiry.invoices.kind')}
        placeholder={t('inquiry.invoices.anyKind')}
        clearable
        value={filters.kind ?? null}
        onChange={(value) => set('kind', value)}
        data={invoiceKinds.map((kind) => ({
          value: kind,
          label: t(`inquiry.invoices.kinds.${kind}`),
        }))}
      />
    </>
  );
}
