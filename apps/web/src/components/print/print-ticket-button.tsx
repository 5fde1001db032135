/**
 * R-PRINT-7: "Print to…": the print destinations (GET /api/v1/print-destinations) in a
 * search-as-you-type list, and Print, which asks the dispatcher to print the ticket there
 * (PrintTicket) and shows its answer (ticketPrintReply_v1): printed, or why not. Drop it into any
 * screen that shows a ticket: <PrintTicketButton ticketId={ticket.id} />.
 */
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DispatchEventMap } from '@dispatch/domain/dispatch/dispatch-events';
import { messages } from '@dispatch/domain/messages';
import { translateMessage } from '../../lib/i18n/i18n';
import { readStored, writeStored } from '../../lib/storage';
import { ticketPrintReplySchema } from '@dispatch/domain/dispatch/hub-answers';
import { askDispatchHub } from '../../realtime/dispatch-hub';
import { useHubEvent } from '../../realtime/hub-events';
import { useSession } from '../../session/session-store';
import { printDestinationQueries } from './print-destination-queries';

export type PrintTicketButtonProps = { readonly ticketId: number };

type Reply = DispatchEventMap['ticketPrintReply_v1'];
type Outcome = { kind: 'printing' } | { kind: 'reply'; reply: Reply } | { kind: 'offline' };

const storedKey = (username: string) => `print.destination.${username.trim().toLowerCase()}`;

function groupOf(type: string): 'printer' | 'pdf' | 'other' {
  const key = type.trim().toLowerCase();
  return key === 'printer' || key === 'pdf' ? key : 'other';
}

export function PrintTicketButton({ ticketId }: PrintTicketButtonProps) {
  const { t } = useTranslation();
  const username = useSession().status.username;
  const destinations = useQuery(printDestinationQueries.list());
  const [chosen, setChosen] = useState<string | null>(() => readStored(storedKey(username)));
  // The answer is shown for the ticket it is about: another ticket starts with none.
  const [answer, setAnswer] = useState<{ ticketId: number; outcome: Outcome } | null>(null);
  const outcome = answer?.ticketId === ticketId ? answer.outcome : null;
  const setOutcome = (next: Outcome) => setAnswer({ ticketId, outcome: next });

  const list = destinations.data;
  // The remembered destination while it still exists; otherwise the first.
  const destination = list?.find((d) => d.name === chosen)?.name ?? list?.[0]?.name ?? null;

  const data = useMemo(() => {
    const groups = new Map<string, string[]>();
    for (const d of list ?? []) {
      const group = t(`print.groups.${groupOf(d.type)}`);
      groups.set(group, [...(groups.get(group) ?? []), d.name]);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [list, t]);

  // The dispatcher also sends the answer as an event to this connection.
  useHubEvent('ticketPrintReply_v1', (reply) => {
    if ('ticketId' in reply && reply.ticketId === ticketId) setOutcome({ kind: 'reply', reply });
  });

  const choose = (name: string | null) => {
    setChosen(name);
    writeStored(storedKey(username), name);
  };

  const print = () => {
    if (!destination || outcome?.kind === 'printing') return;
    setOutcome({ kind: 'printing' });
    askDispatchHub(ticketPrintReplySchema, 'PrintTicket', ticketId, destination)
      .then((reply) => setOutcome({ kind: 'reply', reply }))
      .catch(() => setOutcome({ kind: 'offline' }));
  };

  const listFailed = destinations.isError;
  const none = list !== undefined && list.length === 0;
  const listError = listFailed
    ? translateMessage(messages.printerListError)
    : none
      ? t('print.noDestinations')
      : undefined;

  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label={t('print.printTo')}
          placeholder={t('print.placeholder')}
          data={data}
          value={destination}
          onChange={choose}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('print.noDestinations')}
          disabled={listFailed || none}
          error={listError}
          w={240}
          comboboxProps={{ withinPortal: true }}
          onKeyDown={(event) => {
            // Ctrl+Enter prints from the list, as save-and-print does on the entry screens.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) print();
          }}
        />
        <Button
          // Named with its destination: a screen may have another Print (the PDF window).
          aria-label={destination ? t('print.printOn', { destination }) : t('print.print')}
          onClick={print}
          loading={outcome?.kind === 'printing'}
          disabled={!destination}
          mb={listError ? 22 : 0}
        >
          {t('print.print')}
        </Button>
      </Group>
      <PrintOutcome outcome={outcome} />
    </Stack>
  );
}

function PrintOutcome({ outcome }: { outcome: Outcome | null }) {
  const { t } = useTranslation();
  if (!outcome) return null;
  if (outcome.kind === 'printing') {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('print.printing')}
      </Text>
    );
  }
  if (outcome.kind === 'offline') {
    return (
      <Text size="sm" c="red.7" role="alert">
        {t('print.notConnected')}
      </Text>
    );
  }
  const { reply } = outcome;
  return reply.printed ? (
    <Text size="sm" c="teal.8" role="status">
      {t('print.printed', { destination: reply.destination })}
    </Text>
  ) : (
    <Text size="sm" c="red.7" role="alert">
      {t('print.notPrinted', { destination: reply.destination })} {reply.message}
    </Text>
  );
}
