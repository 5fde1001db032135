/**
 * Batch Edit Tickets (/ticketing/batch-edit-tickets, R-TEDIT-5..6, R-TEDIT-8): search and select
 * tickets, type new prices, products, jobs, POs and quantities in a grid as in a spreadsheet,
 * preview every ticket's before → after, and apply them all in one transaction with a reason.
 */
import { useState } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { permissionFlags } from '@dispatch/domain/permissions';
import { formIdOf } from '@dispatch/domain/resources/define';
import { useUserAccess } from '../../session/session-queries';
import { BatchEditGrid } from './batch-edit-grid';
import { BatchOutcomeTable } from './batch-outcome-table';
import { BatchReasonPanel } from './batch-reason-panel';
import { BatchSearchResults } from './batch-search-results';
import { useTicketColumns } from './edit-tickets-screen';
import { ticketSearchQuery, type TicketSearch } from './ticket-edits-api';
import { TicketSearchBar } from './ticket-search-bar';
import { useBatchEdit } from './use-batch-edit';
import { useBatchEditColumns } from './use-batch-edit-columns';
import { useTicketListsLive } from './use-ticket-edits-live';

export const batchEditTicketsFormId = formIdOf('BatchEditTickets');

export function BatchEditTicketsScreen() {
  const { t } = useTranslation();
  const access = useUserAccess();
  const flags = permissionFlags(access.permissions.levelOf(batchEditTicketsFormId));
  const canPrice = !flags.hidePrice && !flags.disablePrice;
  const [search, setSearch] = useState<TicketSearch>({ includeVoided: false });
  const results = useQuery(ticketSearchQuery(search, !flags.none));
  const resultColumns = useTicketColumns(flags.hidePrice);
  const batch = useBatchEdit(canPrice);
  useTicketListsLive();
  const editColumns = useBatchEditColumns(flags.hidePrice, canPrice);

  if (flags.none) {
    return (
      <Alert color="red" m="md">
        {t('ticketEdits.noAccess')}
      </Alert>
    );
  }

  return (
    <Stack gap="md" p="md">
      <div>
        <Title order={2}>{t('ticketEdits.titles.batch')}</Title>
        <Text c="dimmed" size="sm">
          {t('ticketEdits.subtitles.batch')}
        </Text>
      </div>
      {flags.readOnly ? <Alert color="yellow">{t('ticketEdits.readOnly')}</Alert> : null}
      <TicketSearchBar initial={search} onSearch={setSearch} />
      <BatchSearchResults
        found={results.data}
        columns={resultColumns}
        selectedCount={batch.selected.length}
        readOnly={flags.readOnly}
        onSelected={batch.setSelected}
        onAdd={batch.addSelected}
      />
      <BatchEditGrid
        rows={batch.rows}
        columns={editColumns}
        onGridReady={batch.onGridReady}
        onCellValueChanged={batch.onCellValueChanged}
      />
      <BatchReasonPanel
        reason={batch.reason}
        onReasonChange={batch.setReason}
        problems={batch.problems}
        busy={batch.busy}
        outcome={batch.outcome}
        readOnly={flags.readOnly}
        onRun={batch.run}
      />
      {batch.outcome ? <BatchOutcomeTable outcome={batch.outcome} /> : null}
    </Stack>
  );
}
