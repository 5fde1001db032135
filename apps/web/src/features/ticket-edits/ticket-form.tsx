/**
 * R-TEDIT-2, R-TEDIT-4, R-TEDIT-8..9: one ticket in a form: its product lines, job, PO, truck,
 * driver, status and notes, with a required reason; Enter saves. Print opens the delivery ticket,
 * Void asks a void status and reason. A void or invoiced ticket is shown but cannot change; a
 * change by someone else is announced with a reload. Its change history is shown below. The
 * screen keys it by ticket and version, so a saved or reloaded ticket fills a fresh form.
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Kbd,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { driverResource } from '@dispatch/domain/resources/employees';
import { jobResource } from '@dispatch/domain/resources/jobs';
import {
  aggregateProductResource,
  blockProductResource,
  concreteProductResource,
} from '@dispatch/domain/resources/products';
import { truckResource } from '@dispatch/domain/resources/trucks';
import {
  editableTicketStatusIds,
  ticketLoopTimeFields,
  type TicketEdit,
  type TicketEditDetail,
} from '@dispatch/domain/tickets/ticket-edits';
import { NumberField } from '../../components/number-field/number-field';
import { useRefusedNumbers } from '../../components/number-field/refused-numbers';
import { PrintTicketButton } from '../../components/print/print-ticket-button';
import { ReferenceSelect } from '../../resources/reference-select';
import {
  errorMessageOf,
  fieldProblemsOf,
  printTicket,
  saveTicket,
  ticketEditKeys,
  voidTicket,
} from './ticket-edits-api';
import { TicketHistory } from './ticket-history';
import { hhmm, statusText } from './ticket-grid';
import { useOpenTicketModified } from './use-ticket-edits-live';

const productTargets = {
  1: concreteProductResource,
  2: aggregateProductResource,
  3: blockProductResource,
} as const;

type LineValues = {
  id: number;
  productId: number | null;
  quantity: number | '';
  price: number | '';
};
type Values = {
  statusId: string;
  jobId: number | null;
  customerPoNumber: string;
  truckId: number | null;
  driverId: number | null;
  notes: string;
  lines: LineValues[];
  reason: string;
};

function valuesOf(ticket: TicketEditDetail): Values {
  return {
    statusId: String(ticket.statusId),
    jobId: ticket.jobId,
    customerPoNumber: ticket.customerPoNumber,
    truckId: ticket.truckId,
    driverId: ticket.driverId,
    notes: ticket.notes,
    lines: ticket.lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      quantity: line.quantity,
      price: line.price ?? '',
    })),
    reason: '',
  };
}

/** Only what the clerk changed is sent (R-TEDIT-2). */
function editOf(ticket: TicketEditDetail, values: Values, flags: PermissionFlags): TicketEdit {
  const edit: TicketEdit = { version: ticket.version, reason: values.reason.trim() };
  if (Number(values.statusId) !== ticket.statusId) edit.statusId = Number(values.statusId);
  if (values.jobId !== ticket.jobId) edit.jobId = values.jobId;
  if (values.customerPoNumber.trim() !== ticket.customerPoNumber) {
    edit.customerPoNumber = values.customerPoNumber.trim() || null;
  }
  if (values.truckId !== ticket.truckId) edit.truckId = values.truckId;
  if (values.driverId !== ticket.driverId) edit.driverId = values.driverId;
  if (values.notes.trim() !== ticket.notes) edit.notes = values.notes.trim() || null;
  const products = values.lines.flatMap((line, index) => {
    const was = ticket.lines[index];
    if (!was) return [];
    const change: NonNullable<TicketEdit['products']>[number] = { id: line.id };
    if (line.productId !== null && line.productId !== was.productId)
      change.productId = line.productId;
    if (line.quantity !== '' && line.quantity !== was.quantity) change.quantity = line.quantity;
    const canPrice = !flags.hidePrice && !flags.disablePrice;
    if (canPrice && (line.price === '' ? null : line.price) !== (was.price ?? null)) {
      change.price = line.price === '' ? null : line.price;
    }
    return Object.keys(change).length > 1 ? [change] : [];
  });
  if (products.length > 0) edit.products = products;
  return edit;
}

// eslint-disable-next-line max-lines-per-function -- still to split (godfiles helper ran out of time)
export function TicketForm({
  ticket,
  flags,
  onReload,
  onClose,
}: {
  ticket: TicketEditDetail;
  flags: PermissionFlags;
  onReload: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<Values>({ defaultValues: valuesOf(ticket) });
  const refusedNumbers = useRefusedNumbers();
  const [formError, setFormError] = useState<string | null>(null);
  const [voiding, setVoiding] = useState(false);
  const modified = useOpenTicketModified(ticket.id);

  const locked = ticket.voidedFlag || ticket.invoicedFlag;
  const readOnly = locked || !flags.full;
  const productTarget = productTargets[ticket.systemTypeId];
  const statusOptions = useMemo(
    () =>
      editableTicketStatusIds.map((id) => ({ value: String(id), label: statusText(t, id, false) })),
    [t],
  );

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    // R-INPUT-1: a quantity or price holding text it refused is not saved; the field says why.
    if (refusedNumbers.focusFirst()) return;
    if (values.reason.trim() === '') {
      form.setError('reason', { message: t('ticketEdits.form.required') });
      form.setFocus('reason');
      return;
    }
    try {
      const saved = await saveTicket(ticket.id, editOf(ticket, values, flags));
      queryClient.setQueryData(ticketEditKeys.detail(ticket.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...ticketEditKeys.all, 'search'] });
      modified.dismiss();
      notifications.show({
        color: 'teal',
        message: t('ticketEdits.form.saved', { number: ticket.number }),
      });
    } catch (error) {
      const problems = fieldProblemsOf(error);
      let placed = false;
      for (const [field, reason] of Object.entries(problems)) {
        const match = /^products\[(\d+)\]\.(\w+)$/.exec(field);
        const name = match ? `lines.${match[1]}.${match[2]}` : field;
        if (name in values || match) {
          form.setError(name as keyof Values, { message: reason });
          placed = true;
        }
      }
      if (!placed) setFormError(errorMessageOf(error));
    }
  });

  const lockedWhy = ticket.voidedFlag
    ? t('ticketEdits.form.lockedVoid')
    : t('ticketEdits.form.lockedInvoiced');

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          aria-label={t('ticketEdits.form.heading', { number: ticket.number })}
        >
          <Stack gap="md">
            <Group justify="space-between" align="flex-start">
              <div>
                <Group gap="sm">
                  <Title order={3}>
                    {t('ticketEdits.form.heading', { number: ticket.number })}
                  </Title>
                  <Badge variant="light" color={ticket.voidedFlag ? 'red' : 'blue'} tt="none">
                    {statusText(t, ticket.statusId, ticket.voidedFlag)}
                  </Badge>
                  {ticket.invoicedFlag ? (
                    <Badge variant="light" color="grape" tt="none">
                      {t('ticketEdits.flags.invoiced')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed">
                  {t('ticketEdits.form.orderLine', {
                    order: ticket.orderNumber,
                    customer: ticket.customerName,
                    plant: ticket.plantName,
                  })}
                </Text>
              </div>
              <Group gap="xs" align="flex-end">
                {/* R-PRINT-8: send the ticket to a print destination from the form. */}
                <PrintTicketButton ticketId={ticket.id} />
                <Button
                  variant="default"
                  onClick={() =>
                    void printTicket(ticket).catch((error: unknown) =>
                      setFormError(errorMessageOf(error)),
                    )
                  }
                >
                  {t('ticketEdits.form.print')}
                </Button>
                {!readOnly ? (
                  <Button variant="light" color="red" onClick={() => setVoiding(true)}>
                    {t('ticketEdits.form.void')}
                  </Button>
                ) : null}
                <Button variant="subtle" color="gray" onClick={onClose}>
                  {t('ticketEdits.form.close')}
                </Button>
              </Group>
            </Group>

            {modified.modifiedBy !== null ? (
              <Alert
                color="orange"
                title={t('ticketEdits.modified.title', { number: ticket.number })}
              >
                <Group justify="space-between">
                  <Text size="sm">
                    {t('ticketEdits.modified.text', { user: modified.modifiedBy })}
                  </Text>
                  <Button
                    size="xs"
                    onClick={() => {
                      modified.dismiss();
                      onReload();
                    }}
                  >
                    {t('ticketEdits.modified.reload')}
                  </Button>
                </Group>
              </Alert>
            ) : null}
            {locked ? (
              <Alert color={ticket.voidedFlag ? 'red' : 'grape'}>
                <Stack gap={2}>
                  <Text size="sm">{t('ticketEdits.form.locked', { why: lockedWhy })}</Text>
                  {ticket.voidReason ? (
                    <Text size="sm" fw={600}>
                      {t('ticketEdits.form.voidReason', { reason: ticket.voidReason })}
                    </Text>
                  ) : null}
                </Stack>
              </Alert>
            ) : null}
            {formError ? <Alert color="red">{formError}</Alert> : null}

            <div>
              <Text fw={600} size="sm" mb={4}>
                {t('ticketEdits.form.products')}
              </Text>
              <Table withTableBorder verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={70}>#</Table.Th>
                    <Table.Th>{t('ticketEdits.form.product')}</Table.Th>
                    <Table.Th w={150}>{t('ticketEdits.form.quantity')}</Table.Th>
                    {!flags.hidePrice ? (
                      <Table.Th w={150}>{t('ticketEdits.form.price')}</Table.Th>
                    ) : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {ticket.lines.map((line, index) => (
                    <Table.Tr key={line.id}>
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td>
                        <Controller
                          control={form.control}
                          name={`lines.${index}.productId`}
                          render={({ field, fieldState }) => (
                            <ReferenceSelect
                              target={productTarget}
                              name={field.name}
                              label={`${t('ticketEdits.form.product')} ${index + 1}`}
                              hideLabel
                              value={field.value}
                              currentLabel={
                                field.value === line.productId ? line.productDescription : undefined
                              }
                              onChange={field.onChange}
                              onBlur={field.onBlur}
                              error={fieldState.error?.message}
                              readOnly={readOnly}
                            />
                          )}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Controller
                          control={form.control}
                          name={`lines.${index}.quantity`}
                          render={({ field, fieldState }) => (
                            <NumberField
                              aria-label={`${t('ticketEdits.form.quantity')} ${index + 1}`}
                              refusals={refusedNumbers}
                              value={field.value}
                              onChange={(value) =>
                                field.onChange(typeof value === 'number' ? value : '')
                              }
                              min={0}
                              decimalScale={3}
                              hideControls
                              error={fieldState.error?.message}
                              readOnly={readOnly}
                              styles={{ input: { textAlign: 'right' } }}
                            />
                          )}
                        />
                      </Table.Td>
                      {!flags.hidePrice ? (
                        <Table.Td>
                          <Controller
                            control={form.control}
                            name={`lines.${index}.price`}
                            render={({ field, fieldState }) => (
                              <NumberField
                                aria-label={`${t('ticketEdits.form.price')} ${index + 1}`}
                                refusals={refusedNumbers}
                                value={field.value}
                                onChange={(value) =>
                                  field.onChange(typeof value === 'number' ? value : '')
                                }
                                min={0}
                                decimalScale={2}
                                fixedDecimalScale
                                hideControls
                                error={fieldState.error?.message}
                                readOnly={readOnly || flags.disablePrice}
                                styles={{ input: { textAlign: 'right' } }}
                              />
                            )}
                          />
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>

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

            <div>
              <Text fw={600} size="sm" mb={4}>
                {t('ticketEdits.form.timesHeading')}
              </Text>
              <Group gap="lg" wrap="wrap">
                {ticketLoopTimeFields.map((field) => (
                  <Stack key={field} gap={0}>
                    <Text size="xs" c="dimmed">
                      {t(`ticketEdits.times.${field}`)}
                    </Text>
                    <Text size="sm" fw={500} ff="monospace">
                      {hhmm(ticket[field]) || '—'}
                    </Text>
                  </Stack>
                ))}
              </Group>
            </div>

            {!readOnly ? (
              <Group align="flex-end" gap="sm">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('ticketEdits.form.reason')}
                  placeholder={t('ticketEdits.form.reasonPlaceholder')}
                  withAsterisk
                  maxLength={500}
                  {...form.register('reason')}
                  error={form.formState.errors.reason?.message}
                />
                <Button type="submit" loading={form.formState.isSubmitting}>
                  {t('ticketEdits.form.save')}
                </Button>
                <Text size="xs" c="dimmed" mb={8}>
                  <Kbd size="xs">Enter</Kbd> {t('ticketEdits.form.saveHint')}
                </Text>
              </Group>
            ) : null}
          </Stack>
        </form>
      </Paper>
      <TicketHistory entries={ticket.history} />
      <VoidDialog
        ticket={ticket}
        opened={voiding}
        onClose={() => setVoiding(false)}
        onVoided={() => {
          setVoiding(false);
          void queryClient.invalidateQueries({ queryKey: ticketEditKeys.all });
        }}
      />
    </Stack>
  );
}

function VoidDialog({
  ticket,
  opened,
  onClose,
  onVoided,
}: {
  ticket: TicketEditDetail;
  opened: boolean;
  onClose: () => void;
  onVoided: () => void;
}) {
  const { t } = useTranslation();
  const [statusId, setStatusId] = useState<string | null>('1');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (reason.trim() === '') {
      setProblems({ reason: t('ticketEdits.form.required') });
      return;
    }
    setBusy(true);
    try {
      await voidTicket(ticket.id, {
        version: ticket.version,
        voidStatusId: Number(statusId),
        reason: reason.trim(),
      });
      setReason('');
      setProblems({});
      onVoided();
    } catch (error) {
      const found = fieldProblemsOf(error);
      setProblems(Object.keys(found).length > 0 ? found : { form: errorMessageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('ticketEdits.voidDialog.title', { number: ticket.number })}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <Stack>
          <Text size="sm">{t('ticketEdits.voidDialog.text')}</Text>
          <Select
            label={t('ticketEdits.voidDialog.status')}
            data={['1', '2', '3', '4'].map((id) => ({
              value: id,
              label: t(`ticketEdits.voidDialog.statuses.${id}`),
            }))}
            value={statusId}
            onChange={setStatusId}
            allowDeselect={false}
            error={problems.voidStatusId}
          />
          <TextInput
            label={t('ticketEdits.voidDialog.reason')}
            withAsterisk
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={problems.reason}
            data-autofocus
          />
          {problems.form ? <Alert color="red">{problems.form}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ticketEdits.voidDialog.cancel')}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t('ticketEdits.voidDialog.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
