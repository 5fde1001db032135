/**
 * R-INQ-2, R-INQ-5: ticket inquiry's search fields: the ticket number first (Enter opens the
 * ticket), then customer, job, PO, days, plant, truck, system type, product and void. Customer,
 * job, plant, truck and product are pick lists searched as you type (R-PICK-1); a job is picked
 * among the chosen customer's, a product among the chosen system type's.
 */
import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  aggregateProductResource,
  blockProductResource,
  concreteProductResource,
} from '@dispatch/domain/resources/products';
import { truckResource } from '@dispatch/domain/resources/trucks';
import { systemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import { voidedFilters } from '@dispatch/domain/inquiry/ticket-inquiry';
import { ReferenceSelect } from '../../resources/reference-select';
import { CommonSearchFields, idOf, textOf } from './common-search-fields';
import type { InquirySearch } from './use-inquiry-search';

export const ticketFilterNames = [
  'number',
  'customerId',
  'jobId',
  'po',
  'dateFrom',
  'dateTo',
  'plantId',
  'truckId',
  'systemTypeId',
  'productId',
  'voided',
] as const;

const productResources = {
  1: concreteProductResource,
  2: aggregateProductResource,
  3: blockProductResource,
} as const;

export function TicketSearchFields({
  search,
  systemTypeIds,
}: {
  search: InquirySearch;
  systemTypeIds: readonly SystemTypeId[];
}) {
  const { t } = useTranslation();
  const { filters, set } = search;
  // The product pick list is a system type's: the one chosen, else the user's only one.
  const productType = (idOf(filters.systemTypeId) ??
    (systemTypeIds.length === 1 ? systemTypeIds[0]! : null)) as SystemTypeId | null;
  return (
    <>
      <CommonSearchFields search={search} />
      <ReferenceSelect
        name="truckId"
        target={truckResource}
        label={t('inquiry.tickets.truck')}
        value={idOf(filters.truckId)}
        onChange={(value) => set('truckId', textOf(value))}
      />
      <Select
        label={t('inquiry.tickets.systemType')}
        placeholder={t('inquiry.tickets.anySystemType')}
        clearable
        value={filters.systemTypeId ?? null}
        onChange={(value) => search.setMany({ systemTypeId: value, productId: null })}
        data={systemTypes
          .filter((type) => systemTypeIds.includes(type.id))
          .map((type) => ({
            value: String(type.id),
            label: t(`inquiry.systemTypes.${type.key}`),
          }))}
      />
      {productType === null ? (
        <TextInput
          label={t('inquiry.tickets.product')}
          placeholder={t('inquiry.tickets.productNeedsType')}
          disabled
        />
      ) : (
        <ReferenceSelect
          key={productType}
          name="productId"
          target={productResources[productType]}
          label={t('inquiry.tickets.product')}
          value={idOf(filters.productId)}
          onChange={(value) => set('productId', textOf(value))}
        />
      )}
      <Select
        label={t('inquiry.tickets.voided')}
        value={filters.voided ?? 'include'}
        allowDeselect={false}
        onChange={(value) => set('voided', value === 'include' ? null : value)}
        data={voidedFilters.map((value) => ({
          value,
          label: t(`inquiry.tickets.voidedFilters.${value}`),
        }))}
      />
    </>
  );
}
