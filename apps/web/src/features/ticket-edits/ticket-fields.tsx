/** The ticket's own fields: job, PO, status, truck, driver and notes. */
import { useMemo } from 'react';
import { Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { driverResource } from '@dispatch/domain/resources/employees';
import { jobResource } from '@dispatch/domain/resources/jobs';
import { truckResource } from '@dispatch/domain/resources/trucks';
import {
  editableTicketStatusIds,
  type TicketEditDetail,
} from '@dispatch/domain/tickets/ticket-edits';
import { ReferenceSelect } from '../../resources/reference-select';
import type { TicketFormValues } from './ticket-form-values';
import { statusText } from './ticket-grid';

export function TicketFields({
  ticket,
  form,
  readOnly,
}: {
  ticket: TicketEditDetail;
  form: UseFormReturn<TicketFormValues>;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const statusOptions = useMemo(
    () =>
      editableTicketStatusIds.map((id) => ({ value: String(id), label: statusText(t, id, false) })),
    [t],
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      <Controller
        control={form.control}
        name="jobId"
        render={({ field, fieldState }) => (
          <ReferenceSelect
            target={jobResource}
            name="jobId"
            label={t('ticketEdits.form.job')}
            description={t('ticketEdits.form.jobHint')}
            value={field.value}
            currentLabel={field.value === ticket.jobId ? ticket.jobNumber : undefined}
            onChange={field.onChange}
            error={fieldState.error?.message}
            readOnly={readOnly}
          />
        )}
      />
      <TextInput
        label={t('ticketEdits.form.po')}
        description=" "
        {...form.register('customerPoNumber')}
        error={form.formState.errors.customerPoNumber?.message}
        readOnly={readOnly}
        maxLength={50}
      />
      <Controller
        control={form.control}
        name="statusId"
        render={({ field, fieldState }) => (
          <Select
            label={t('ticketEdits.form.status')}
            description=" "
            data={statusOptions}
            value={field.value}
            onChange={(value) => field.onChange(value ?? field.value)}
            error={fieldState.error?.message}
            readOnly={readOnly}
            allowDeselect={false}
          />
        )}
      />
      <Controller
        control={form.control}
        name="truckId"
        render={({ field, fieldState }) => (
          <ReferenceSelect
            target={truckResource}
            name="truckId"
            label={t('ticketEdits.form.truck')}
            value={field.value}
            currentLabel={field.value === ticket.truckId ? ticket.truckNumber : undefined}
            onChange={field.onChange}
            error={fieldState.error?.message}
            readOnly={readOnly}
          />
        )}
      />
      <Controller
        control={form.control}
        name="driverId"
        render={({ field, fieldState }) => (
          <ReferenceSelect
            target={driverResource}
            name="driverId"
            label={t('ticketEdits.form.driver')}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            readOnly={readOnly}
          />
        )}
      />
      <Textarea
        label={t('ticketEdits.form.notes')}
        rows={1}
        resize="vertical"
        {...form.register('notes')}
        readOnly={readOnly}
        maxLength={2000}
      />
    </SimpleGrid>
  );
}
