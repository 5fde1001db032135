/**
 * R-TEDIT-3: the ticket search of Edit Tickets and Batch Edit Tickets: number, days, order,
 * customer, truck and plant, searched as you type (200 ms after the last key).
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Group, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { plantResource } from '@dispatch/domain/resources/plants';
import { ReferenceSelect } from '../../resources/reference-select';
import type { TicketSearch } from './ticket-edits-api';

const digits = /^\d*$/;

export function TicketSearchBar({
  initial,
  onSearch,
}: {
  initial: TicketSearch;
  onSearch: (search: TicketSearch) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState<TicketSearch>(initial);
  const [debounced] = useDebouncedValue(search, 200);
  useEffect(() => {
    const numbersOk =
      digits.test(debounced.number ?? '') && digits.test(debounced.orderNumber ?? '');
    if (numbersOk) onSearch(debounced);
    // onSearch is the screen's setter: only the typed search matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const set = (key: keyof TicketSearch) => (value: string | boolean) =>
    setSearch((current) => ({ ...current, [key]: value }));
  const numberError = (value: string | undefined) =>
    value && !digits.test(value) ? t('ticketEdits.search.notANumber') : undefined;

  return (
    <Paper withBorder p="sm" radius="md">
      <SimpleGrid cols={{ base: 2, sm: 4, xl: 7 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          label={t('ticketEdits.search.number')}
          inputMode="numeric"
          value={search.number ?? ''}
          error={numberError(search.number)}
          onChange={(event) => set('number')(event.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          type="date"
          label={t('ticketEdits.search.from')}
          value={search.dateFrom ?? ''}
          onChange={(event) => set('dateFrom')(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('ticketEdits.search.to')}
          value={search.dateTo ?? ''}
          onChange={(event) => set('dateTo')(event.currentTarget.value)}
        />
        <TextInput
          label={t('ticketEdits.search.order')}
          inputMode="numeric"
          value={search.orderNumber ?? ''}
          error={numberError(search.orderNumber)}
          onChange={(event) => set('orderNumber')(event.currentTarget.value)}
        />
        <TextInput
          label={t('ticketEdits.search.customer')}
          value={search.customer ?? ''}
          onChange={(event) => set('customer')(event.currentTarget.value)}
        />
        <TextInput
          label={t('ticketEdits.search.truck')}
          value={search.truck ?? ''}
          onChange={(event) => set('truck')(event.currentTarget.value)}
        />
        <div>
          <ReferenceSelect
            target={plantResource}
            name="plantId"
            label={t('ticketEdits.search.plant')}
            value={search.plantId ? Number(search.plantId) : null}
            onChange={(value) => set('plantId')(value === null ? '' : String(value))}
          />
        </div>
      </SimpleGrid>
      <Group justify="space-between" mt="xs">
        <Checkbox
          label={t('ticketEdits.search.includeVoided')}
          checked={search.includeVoided ?? true}
          onChange={(event) => set('includeVoided')(event.currentTarget.checked)}
        />
        <Button size="xs" variant="default" onClick={() => setSearch({ includeVoided: true })}>
          {t('ticketEdits.search.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
