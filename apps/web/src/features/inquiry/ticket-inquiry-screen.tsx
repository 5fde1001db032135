/**
 * Ticket Inquiry (`/inquiry/ticket`, R-INQ-1..R-INQ-6): every ticket ever written, searched by
 * number, customer, job, PO, days, plant, truck, system type and product; a ticket opens at
 * `/inquiry/ticket/<id>`. Keyboard first: the number field has the focus, and a number typed with
 * Enter opens its ticket (or lists the plants' tickets of that number to choose from).
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
import { ticketColumns } from './ticket-columns';
import { TicketRecord } from './ticket-record';
import { TicketSearchFields, ticketFilterNames } from './ticket-search-fields';
import { NumberField } from './common-search-fields';
import { useInquirySearch } from './use-inquiry-search';

const entry = menuEntryByEnumId('TicketInquiry')!;
export const ticketInquiryPath = entry.path!;

export function TicketInquiryScreen() {
  const { recordId } = useParams();
  return recordId && /^\d+$/.test(recordId) ? (
    <TicketRecord id={Number(recordId)} />
  ) : (
    <TicketInquiryList />
  );
}

function TicketInquiryList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useUserAccess();
  const flags = permissionFlags(access.permissions.levelOf(entry.id));
  const format = useInquiryFormat();
  const search = useInquirySearch(ticketFilterNames);
  const numberRef = useRef<HTMLInputElement>(null);
  const [notFound, setNotFound] = useState<string | undefined>();
  const columns = useMemo(
    () => ticketColumns(t, format, flags.hidePrice),
    [t, format, flags.hidePrice],
  );
  useHotkeys([['/', () => numberRef.current?.focus()]]);

  /** The record, remembering the search to come back to (with a number typed but not yet in the URL). */
  const open = (id: number, typed?: string) => {
    const back = new URLSearchParams(search.query);
    if (typed) back.set('number', typed);
    void navigate(`${ticketInquiryPath}/${id}`, { state: { back: back.toString() } });
  };

  /** R-INQ-5: Enter on a number opens its ticket; several plants' tickets are listed instead. */
  const handleEnter = async (number: string) => {
    setNotFound(undefined);
    if (number === '') return;
    try {
      const page = await fetchInquiryPage(
        'tickets',
        { ...search.filters, number },
        { offset: 0, limit: 50 },
      );
      const id = recordToOpen(page.data);
      if (id !== null) open(id, number);
      else if (page.data.length === 0) setNotFound(t('inquiry.tickets.noSuchNumber', { number }));
      else
        notifications.show({
          message: t('inquiry.tickets.severalPlants', { number, count: page.data.length }),
        });
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    }
  };

  return (
    <InquiryListPage
      kind="tickets"
      title={t(entry.translationId, { defaultValue: entry.name })}
      intro={t('inquiry.tickets.intro')}
      search={search}
      searchPanel={
        <InquirySearchPanel
          first={
            <NumberField
              kind="tickets"
              ref={numberRef}
              search={search}
              error={notFound}
              onEnter={(number) => void handleEnter(number)}
            />
          }
          rest={<TicketSearchFields search={search} systemTypeIds={access.allowedSystemTypes} />}
          active={Object.keys(search.filters).length}
          onClear={() => {
            setNotFound(undefined);
            search.clear();
          }}
        />
      }
      columns={columns}
      phoneColumns={['number', 'ticketDateTime', 'customerName', 'statusId']}
      defaultSort={{ field: 'ticketDateTime', order: 'desc' }}
      onOpen={(row) => open(row.id)}
    />
  );
}
