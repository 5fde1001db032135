/**
 * R-INV-1, R-INV-5: the filter bar (delivery dates, customer and plant searched as you type, system
 * type), the delivered tickets grouped by customer with checkboxes and a running total, the
 * invoice date and "Create invoices", then the numbers made, each with its PDF.
 */
import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addMoney } from '@dispatch/domain/invoicing/invoice-arithmetic';
import type { InvoiceSummary } from '@dispatch/domain/invoicing/invoice-schemas';
import { invoiceTicketLimit } from '@dispatch/domain/invoicing/invoice-schemas';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { customerResource } from '@dispatch/domain/resources/customers';
import { plantResource } from '@dispatch/domain/resources/plants';
import { systemTypes } from '@dispatch/domain/system-types';
import { ApiError } from '../../lib/api-client';
import { ReferenceSelect } from '../../resources/reference-select';
import { CandidateCustomerTable } from './candidate-customer-table';
import {
  createInvoices,
  invoiceCandidatesQuery,
  invoiceKeys,
  openInvoicePdf,
  type CandidateFilters,
} from './flag-invoice-api';
import { dayFromToday, useMoney } from './invoice-format';

export function CandidatesPanel({ flags }: { flags: PermissionFlags }) {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<CandidateFilters>(() => ({
    from: dayFromToday(-7),
    to: dayFromToday(0),
    customerId: null,
    plantId: null,
    systemTypeId: null,
  }));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [invoiceDate, setInvoiceDate] = useState(() => dayFromToday(0));
  const [made, setMade] = useState<InvoiceSummary[]>([]);
  const validRange = filters.from !== '' && filters.to !== '' && filters.from <= filters.to;
  const candidates = useQuery({
    ...invoiceCandidatesQuery(filters),
    enabled: validRange,
    placeholderData: keepPreviousData,
  });
  const customers = candidates.data?.customers ?? [];
  const tickets = customers.flatMap((customer) =>
    customer.orders.flatMap((order) =>
      order.tickets.map((ticket) => ({ ...ticket, customerId: customer.customerId })),
    ),
  );
  const chosen = tickets.filter((ticket) => selected.has(ticket.id));
  const invoiceCount = new Set(chosen.map((ticket) => ticket.customerId)).size;
  const selectedTotal = addMoney(...chosen.map((ticket) => ticket.totalAmount ?? 0));

  const create = useMutation({
    mutationFn: () => createInvoices({ ticketIds: chosen.map((ticket) => ticket.id), invoiceDate }),
    onSuccess: (invoices) => {
      setMade(invoices);
      setSelected(new Set());
      notifications.show({
        color: 'green',
        message: t('flagInvoice.created', {
          count: invoices.length,
          numbers: invoices.map((invoice) => invoice.number).join(', '),
        }),
      });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setSelected(new Set());
        void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      }
    },
  });

  const update = (patch: Partial<CandidateFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setSelected(new Set());
  };
  const handleToggle = (ids: number[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  };
  const handleOpen = (invoice: InvoiceSummary) => {
    openInvoicePdf(invoice).catch((error: unknown) =>
      notifications.show({ color: 'red', message: (error as Error).message }),
    );
  };
  const createError = create.isError
    ? create.error instanceof ApiError && create.error.status === 409
      ? `${create.error.message} ${t('flagInvoice.invoicedMeanwhile')}`
      : create.error.message
    : undefined;

  return (
    <Stack gap="md">
      <Paper
        withBorder
        p="md"
        radius="md"
        component="section"
        aria-label={t('flagInvoice.filters')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md">
          <TextInput
            type="date"
            label={t('flagInvoice.from')}
            value={filters.from}
            onChange={(event) => update({ from: event.currentTarget.value })}
            error={validRange ? undefined : ' '}
          />
          <TextInput
            type="date"
            label={t('flagInvoice.to')}
            value={filters.to}
            onChange={(event) => update({ to: event.currentTarget.value })}
            error={validRange ? undefined : ' '}
          />
          <ReferenceSelect
            name="customerId"
            target={customerResource}
            label={t('flagInvoice.customer')}
            value={filters.customerId}
            onChange={(customerId) => update({ customerId })}
          />
          <ReferenceSelect
            name="plantId"
            target={plantResource}
            label={t('flagInvoice.plant')}
            value={filters.plantId}
            onChange={(plantId) => update({ plantId })}
          />
          <Select
            label={t('flagInvoice.systemType')}
            placeholder={t('flagInvoice.anySystemType')}
            clearable
            value={filters.systemTypeId === null ? null : String(filters.systemTypeId)}
            onChange={(value) => update({ systemTypeId: value === null ? null : Number(value) })}
            data={systemTypes.map((type) => ({
              value: String(type.id),
              label: t(`flagInvoice.systemTypes.${type.key}`, { defaultValue: type.name }),
            }))}
          />
        </SimpleGrid>
      </Paper>

      {made.length > 0 ? (
        <Alert
          color="green"
          title={t('flagInvoice.createdTitle')}
          withCloseButton
          onClose={() => setMade([])}
        >
          <Stack gap={6}>
            {made.map((invoice) => (
              <Group key={invoice.id} gap="sm">
                <Text fw={600}>
                  {t('flagInvoice.kinds.invoice')} {invoice.number}
                </Text>
                <Text size="sm">{invoice.customerName}</Text>
                {flags.hidePrice ? null : <Text size="sm">{money(invoice.totalAmount)}</Text>}
                <Button
                  size="xs"
                  variant="white"
                  onClick={() => handleOpen(invoice)}
                  aria-label={t('flagInvoice.openPdfOf', { number: invoice.number })}
                >
                  {t('flagInvoice.openPdf')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      ) : null}

      <Group justify="space-between" align="baseline">
        <Title order={4}>{t('flagInvoice.candidates')}</Title>
        {candidates.data ? (
          <Text size="sm" c="dimmed">
            {t('flagInvoice.ticketCount', { count: candidates.data.ticketCount })}
          </Text>
        ) : null}
      </Group>
      {candidates.data?.truncated ? (
        <Alert color="yellow">{t('flagInvoice.truncated', { count: invoiceTicketLimit })}</Alert>
      ) : null}
      {candidates.isError ? (
        <Alert color="red">{candidates.error.message}</Alert>
      ) : candidates.isPending && validRange ? (
        <Text size="sm" c="dimmed">
          {t('app.loading')}
        </Text>
      ) : customers.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            {t('flagInvoice.noCandidates')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="md" pb={flags.readOnly ? 0 : 90}>
          {customers.map((customer) => (
            <CandidateCustomerTable
              key={customer.customerId}
              customer={customer}
              selected={selected}
              showPrices={!flags.hidePrice}
              readOnly={flags.readOnly}
              onToggle={handleToggle}
            />
          ))}
        </Stack>
      )}

      {flags.readOnly ? null : (
        <Paper
          withBorder
          shadow="md"
          p="sm"
          radius="md"
          component="section"
          aria-label={t('flagInvoice.create')}
          style={{ position: 'sticky', bottom: 12, zIndex: 5 }}
        >
          <Group justify="space-between" wrap="wrap" gap="md">
            <Stack gap={0}>
              <Text fw={600}>
                {t('flagInvoice.selected', { count: chosen.length })}
                {chosen.length > 0
                  ? ` · ${t('flagInvoice.customersSelected', { count: invoiceCount })}`
                  : ''}
              </Text>
              {flags.hidePrice ? null : (
                <Text size="sm" c="dimmed">
                  {t('flagInvoice.selectedTotal', { total: money(selectedTotal) })}
                </Text>
              )}
            </Stack>
            <Group gap="sm" align="flex-end">
              <TextInput
                type="date"
                label={t('flagInvoice.invoiceDate')}
                value={invoiceDate}
                onChange={(event) => setInvoiceDate(event.currentTarget.value)}
                required
                size="sm"
              />
              <Button
                variant="default"
                onClick={() => setSelected(new Set())}
                disabled={chosen.length === 0}
              >
                {t('flagInvoice.clear')}
              </Button>
              <Button
                onClick={() => create.mutate()}
                loading={create.isPending}
                disabled={chosen.length === 0 || invoiceDate === ''}
              >
                {t('flagInvoice.create')}
              </Button>
            </Group>
          </Group>
          {createError ? (
            <Text size="sm" c="red" role="alert" mt={6}>
              {createError}
            </Text>
          ) : null}
        </Paper>
      )}
    </Stack>
  );
}
