/**
 * Invoice Inquiry (`/inquiry/invoice`, R-INQ-7..R-INQ-10): every invoice and credit note, searched
 * by number, a ticket on it, customer, job, PO, days, plant and kind; one opens at
 * `/inquiry/invoice/<id>`. The invoice number has the focus, and Enter opens that invoice.
 */
import { useMemo, useRef, useState } from 'react';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { recordToOpen } from '@dispatch/domain/inquiry/inquiry-fields';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { permissionFlags } from '@dispatch/domain/permissions';
import { useUserAccess } from '../../session/session-queries';
import { fetchInquiryPage } from './inquiry-api';
import { useInquiryFormat } from './inquiry-format';
import { InquiryListPage } from './inquiry-list-page';
import { InquirySearchPanel } from './inquiry-search-panel';
import { invoiceColumns } from './invoice-columns';
import { InvoiceRecord } from './invoice-record';
import { InvoiceSearchFields, invoiceFilterNames } from './invoice-search-fields';
import { NumberField } from './common-search-fields';
import { useInquirySearch } from './use-inquiry-search';

const entry = menuEntryByEnumId('InvoiceInquiry')!;
export const invoiceInquiryPath = entry.path!;

export function InvoiceInquiryScreen() {
  const { recordId } = useParams();
  return recordId && /^\d+$/.test(recordId) ? (
    <InvoiceRecord id={Number(recordId)} />
  ) : (
    <InvoiceInquiryList />
  );
}

function InvoiceInquiryList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useUserAccess();
  const flags = permissionFlags(access.permissions.levelOf(entry.id));
  const format = useInquiryFormat();
  const search = useInquirySearch(invoiceFilterNames);
  const numberRef = useRef<HTMLInputElement>(null);
  const [notFound, setNotFound] = useState<string | undefined>();
  const columns = useMemo(
    () => invoiceColumns(t, format, flags.hidePrice),
    [t, format, flags.hidePrice],
  );
  useHotkeys([['/', () => numberRef.current?.focus()]]);

  /** The record, remembering the search to come back to (with a number typed but not yet in the URL). */
  const open = (id: number, typed?: string) => {
    const back = new URLSearchParams(search.query);
    if (typed) back.set('number', typed);
    void navigate(`${invoiceInquiryPath}/${id}`, { state: { back: back.toString() } });
  };

  const handleEnter = async (number: string) => {
    setNotFound(undefined);
    if (number === '') return;
    try {
      const page = await fetchInquiryPage('invoices', { number }, { offset: 0, limit: 2 });
      const id = recordToOpen(page.data);
      if (id !== null) open(id, number);
      else setNotFound(t('inquiry.invoices.noSuchNumber', { number }));
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    }
  };

  return (
    <InquiryListPage
      kind="invoices"
      title={t(entry.translationId, { defaultValue: entry.name })}
      intro={t('inquiry.invoices.intro')}
      search={search}
      searchPanel={
        <InquirySearchPanel
          first={
            <NumberField
              kind="invoices"
              ref={numberRef}
              search={search}
              error={notFound}
              onEnter={(number) => void handleEnter(number)}
            />
          }
          rest={<InvoiceSearchFields search={search} />}
          active={Object.keys(search.filters).length}
          onClear={() => {
            setNotFound(undefined);
            search.clear();
          }}
        />
      }
      columns={columns}
      phoneColumns={['number', 'invoiceDate', 'customerName', 'totalAmount', 'status']}
      defaultSort={{ field: 'number', order: 'desc' }}
      onOpen={(row) => open(row.id)}
    />
  );
}
