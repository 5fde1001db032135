/**
 * R-INQ-4: the ticket's loop, stamp by stamp in the order the truck goes round it, each with the
 * minutes since the stamp before; a stamp not reached shows a dash.
 */
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ticketInquiryTimeFields,
  type TicketInquiryDetail,
} from '@dispatch/domain/inquiry/ticket-inquiry';
import { useInquiryFormat } from './inquiry-format';

export function TicketTimes({ times }: { times: TicketInquiryDetail['times'] }) {
  const { t } = useTranslation();
  const format = useInquiryFormat();
  const ticketDay = format.day(times.ticketDateTime);
  // Minutes since the last stamp reached before each one.
  const reached = ticketInquiryTimeFields.map((field) => {
    const iso = times[field];
    return iso ? Date.parse(iso) : undefined;
  });
  const minutesBefore = reached.map((at, index) => {
    const earlier = reached
      .slice(0, index)
      .filter((value) => value !== undefined)
      .at(-1);
    return at === undefined || earlier === undefined ? null : Math.round((at - earlier) / 60_000);
  });
  return (
    <Table verticalSpacing={4} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('inquiry.tickets.stamp')}</Table.Th>
          <Table.Th>{t('inquiry.tickets.at')}</Table.Th>
          <Table.Th ta="right">{t('inquiry.tickets.minutes')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ticketInquiryTimeFields.map((field, index) => {
          const iso = times[field];
          const minutes = minutesBefore[index];
          // Another day than the ticket's (a loop past midnight) shows its date too.
          const text = iso
            ? format.day(iso) === ticketDay
              ? format.time(iso)
              : format.dateTime(iso)
            : '—';
          return (
            <Table.Tr key={field}>
              <Table.Td>{t(`inquiry.tickets.stamps.${field}`)}</Table.Td>
              <Table.Td>
                <Text size="sm" c={iso ? undefined : 'dimmed'}>
                  {text}
                </Text>
              </Table.Td>
              <Table.Td ta="right" c="dimmed">
                {minutes === null ? '' : t('inquiry.tickets.plusMinutes', { count: minutes })}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
