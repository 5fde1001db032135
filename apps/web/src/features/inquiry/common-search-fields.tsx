/**
 * R-INQ-2, R-INQ-7, R-INQ-8: the search fields both inquiries have: customer, job (among the
 * chosen customer's), PO, the days from and to, and plant, the pick lists searched as you type.
 */
import { forwardRef } from 'react';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { customerResource } from '@dispatch/domain/resources/customers';
import { jobResource } from '@dispatch/domain/resources/jobs';
import { plantResource } from '@dispatch/domain/resources/plants';
import { ReferenceSelect } from '../../resources/reference-select';
import { InquiryTextFilter } from './inquiry-text-filter';
import type { InquirySearch } from './use-inquiry-search';

/** A filter's id as a pick list holds it, and back. */
export const idOf = (value: string | undefined) => (value ? Number(value) : null);
export const textOf = (value: number | null) => (value === null ? null : String(value));

export function CommonSearchFields({ search }: { search: InquirySearch }) {
  const { t } = useTranslation();
  const { filters, set } = search;
  const rangeError =
    filters.dateFrom && filters.dateTo && filters.dateTo < filters.dateFrom
      ? t('inquiry.rangeBackwards')
      : undefined;
  return (
    <>
      <ReferenceSelect
        name="customerId"
        target={customerResource}
        label={t('inquiry.customer')}
        value={idOf(filters.customerId)}
        onChange={(value) => search.setMany({ customerId: textOf(value), jobId: null })}
      />
      <ReferenceSelect
        name="jobId"
        target={jobResource}
        label={t('inquiry.job')}
        value={idOf(filters.jobId)}
        filters={filters.customerId ? { customerId: filters.customerId } : undefined}
        onChange={(value) => set('jobId', textOf(value))}
      />
      <InquiryTextFilter
        label={t('inquiry.po')}
        value={filters.po ?? ''}
        onChange={(value) => set('po', value)}
      />
      <TextInput
        type="date"
        label={t('inquiry.from')}
        value={filters.dateFrom ?? ''}
        onChange={(event) => set('dateFrom', event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label={t('inquiry.to')}
        value={filters.dateTo ?? ''}
        error={rangeError}
        onChange={(event) => set('dateTo', event.currentTarget.value)}
      />
      <ReferenceSelect
        name="plantId"
        target={plantResource}
        label={t('inquiry.plant')}
        value={idOf(filters.plantId)}
        onChange={(value) => set('plantId', textOf(value))}
      />
    </>
  );
}

/**
 * R-INQ-5: the list's first field, the document number, with the focus: Enter opens the record
 * it names. `kind` names the texts (inquiry.tickets.number, inquiry.invoices.number).
 */
export const NumberField = forwardRef<
  HTMLInputElement,
  {
    kind: 'tickets' | 'invoices';
    search: InquirySearch;
    onEnter: (number: string) => void;
    error?: string | undefined;
  }
>(function NumberField({ kind, search, onEnter, error }, ref) {
  const { t } = useTranslation();
  return (
    <InquiryTextFilter
      ref={ref}
      label={t(`inquiry.${kind}.number`)}
      placeholder={t(`inquiry.${kind}.numberPlaceholder`)}
      value={search.filters.number ?? ''}
      onChange={(value) => search.set('number', value)}
      onEnter={onEnter}
      numeric
      numericError={t('inquiry.notANumber')}
      error={error}
      autoFocus
    />
  );
});
