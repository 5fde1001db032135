/**
 * Order entry for concrete, aggregate and block (`/orders/concrete`, `/orders/concrete/{id}`,
 * issue 12 item 1): the header, one or more schedules with their products and projected loads,
 * the totals, and for an order already saved its number, Copy to a date and its History.
 * Keyboard first: fields in Tab order, Enter or Ctrl+S saves. Saving is checked with the domain's
 * own schema first; the server's refusals land beside their fields; a stale save offers a reload
 * (R-CONC-1); the order is locked while open (R-MAINT-6) and follows orderUpdate_v1 live.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Kbd, Loader, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import { requiredOrderEntryFields } from '@dispatch/domain/orders/order-entry-required';
import { orderStatuses } from '@dispatch/domain/orders/order-status';
import { permissionFlags, permissionLevels } from '@dispatch/domain/permissions';
import { systemTypeById, systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import {
  RefusedNumbersContext,
  useRefusedNumbers,
  type RefusedNumbers,
} from '../../components/number-field/refused-numbers';
import { useLeaveGuard } from '../../resources/use-leave-guard';
import { useHubEvent } from '../../realtime/hub-events';
import { useRecordLock } from '../../resources/use-record-lock';
import { useUserAccess } from '../../session/session-queries';
import { orderQuery, type OrderDetail } from './order-entry-api';
import {
  newOrderValues,
  newSchedule,
  orderValues,
  totalsOf,
  type OrderValues,
  type PlantTimes,
} from './order-entry-form';
import { RequiredFields } from './order-fields';
import { HistoryDrawer } from './order-actions';
import { extraProductTarget, productTargets } from './order-targets';
import { NewJobDialog } from './new-job-dialog';
import { ScheduleCard } from './schedule-card';
import { customerRecordSchema, plantRecordSchema, recordQuery } from './order-entry-records';
import { OrderHeaderSection } from './order-header-section';
import { OrderTitleBar } from './order-title-bar';
import { OrderTotalsPanel } from './order-totals-panel';
import { useOrderPicks } from './use-order-picks';
import { useOrderPrices } from './use-order-prices';
import { useOrderSave } from './use-order-save';

export function OrderEntryScreen({ systemTypeId }: { systemTypeId: SystemTypeId }) {
  const { recordId } = useParams();
  const id = recordId && /^\d+$/.test(recordId) ? Number(recordId) : undefined;
  // R-INPUT-1: number fields holding refused text stop a save; R-ORD-26: required fields marked.
  const refusedNumbers = useRefusedNumbers();
  return (
    <RefusedNumbersContext value={refusedNumbers}>
      <RequiredFields value={requiredOrderEntryFields(systemTypeId)}>
        <OrderEntryPage
          key={id ?? 'new'}
          systemTypeId={systemTypeId}
          orderId={id}
          refusedNumbers={refusedNumbers}
        />
      </RequiredFields>
    </RefusedNumbersContext>
  );
}

export const ConcreteOrderEntryScreen = () => (
  <OrderEntryScreen systemTypeId={systemTypeIds.concrete} />
);
export const AggregateOrderEntryScreen = () => (
  <OrderEntryScreen systemTypeId={systemTypeIds.aggregate} />
);
export const BlockOrderEntryScreen = () => <OrderEntryScreen systemTypeId={systemTypeIds.block} />;

function OrderEntryPage({
  systemTypeId,
  orderId,
  refusedNumbers,
}: {
  systemTypeId: SystemTypeId;
  orderId: number | undefined;
  refusedNumbers: RefusedNumbers;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entry = systemTypeForm('orderEntry', systemTypeId);
  const screenPath = entry.path!;
  const access = useUserAccess();
  const flags = useMemo(
    () =>
      permissionFlags(
        access.allowedSystemTypes.includes(systemTypeId)
          ? access.permissions.levelOf(entry.id)
          : permissionLevels.None,
      ),
    [access, entry.id, systemTypeId],
  );
  const isNew = orderId === undefined;
  const order = useQuery({ ...orderQuery(orderId ?? 0), enabled: !isNew });
  const canWrite = !flags.readOnly && !flags.none;
  // R-ORD-25: LockRecord while an existing order is open here; another editor is named.
  const heldBy = useRecordLock('orders', orderId, canWrite && !isNew);
  const readOnly = !canWrite || heldBy !== null;
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [savedElsewhere, setSavedElsewhere] = useState<string | null>(null);
  const [deletedElsewhere, setDeletedElsewhere] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);

  const form = useForm<OrderValues>({ defaultValues: newOrderValues(systemTypeId) });
  const { isDirty } = form.formState;
  const schedules = useFieldArray({ control: form.control, name: 'schedules' });
  // The whole form: totals, plants and the header's pick lists follow every change.
  const values = useWatch({ control: form.control }) as OrderValues;

  useEffect(() => {
    if (order.data && !form.formState.isDirty) form.reset(orderValues(order.data));
  }, [order.data, form]);

  const customer = useQuery(
    recordQuery('customers', values.customerId ?? null, customerRecordSchema),
  );
  const plantIds = [
    ...new Set(
      values.schedules.flatMap((schedule) =>
        schedule.schedule.plantId === null ? [] : [schedule.schedule.plantId],
      ),
    ),
  ];
  const plantQueries = useQueries({
    queries: plantIds.map((plantId) => recordQuery('plants', plantId, plantRecordSchema)),
  });
  const plants = new Map<number, PlantTimes>();
  plantQueries.forEach((query, index) => {
    if (query.data) plants.set(plantIds[index]!, query.data);
  });

  const { rate, onProductPicked, onPriceTyped, reprice } = useOrderPrices({
    form,
    values,
    systemTypeId,
    flags,
  });

  useHubEvent('orderUpdate_v1', (data) => {
    const live = data as { id?: number; version?: number; modifiedBy?: string };
    if (live.id !== orderId || live.version === order.data?.version) return;
    if (form.formState.isDirty) setSavedElsewhere(live.modifiedBy ?? t('orderEntry.someone'));
    else void order.refetch();
  });
  useHubEvent('orderDelete_v1', (data) => {
    if ('id' in data && data.id === orderId) setDeletedElsewhere(true);
  });

  // Before the move below: its blocker must know the form is clean by the time it navigates.
  useLeaveGuard(isDirty, saving, t('orderEntry.leaveText'));
  // A new order, once saved, moves to its own URL when the form is clean (nothing to ask about).
  const [created, setCreated] = useState<number | null>(null);
  useEffect(() => {
    if (created !== null && !isDirty) void navigate(`${screenPath}/${created}`, { replace: true });
  }, [created, isDirty, navigate, screenPath]);
  const {
    onShipDateTyped,
    onCustomerPicked,
    onJobPicked,
    prefill,
    canCreateJob,
    newJob,
    setNewJob,
    handleNewJob,
    handleJobCreated,
    onPlantPicked,
    onSchedulePlantPicked,
  } = useOrderPicks({ form, systemTypeId, isNew, customer, reprice, onProductPicked });

  const { handleSave, reload } = useOrderSave({
    form,
    orderId,
    isNew,
    systemTypeId,
    flags,
    order,
    plants,
    canWrite,
    readOnly,
    refusedNumbers,
    prefill,
    setSaving,
    setFormError,
    setSavedElsewhere,
    setCreated,
  });

  useHotkeys([['mod+S', () => void handleSave()]], []);

  const typeName = t(`orderEntry.systemTypes.${systemTypeById(systemTypeId).key}`);
  if (flags.none) {
    return (
      <Alert color="red" title={t('orderEntry.noAccessTitle')}>
        {t('orderEntry.noAccess', { type: typeName })}
      </Alert>
    );
  }
  if (!isNew && order.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t('app.loading')} />
      </Group>
    );
  }
  if (!isNew && order.isError) {
    return (
      <Alert color="red" title={t('orderEntry.loadFailed')}>
        {order.error.message}{' '}
        <Anchor component={Link} to={screenPath}>
          {t('orderEntry.newOrder')}
        </Anchor>
      </Alert>
    );
  }

  const saved: OrderDetail | undefined = order.data;
  const title = saved
    ? t('orderEntry.orderTitle', {
        type: typeName,
        typeLower: typeName.toLowerCase(),
        number: saved.number,
      })
    : t('orderEntry.newTitle', { typeLower: typeName.toLowerCase() });
  const status = orderStatuses.find((each) => each.id === values.orderStatusId);
  const totals = totalsOf(values, rate);
  const credit = customer.data;
  const control = form.control;

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate>
      <Stack gap="sm" maw={1440}>
        <OrderTitleBar
          title={title}
          status={status}
          saved={saved}
          isDirty={isDirty}
          isNew={isNew}
          canWrite={canWrite}
          readOnly={readOnly}
          saving={saving}
          screenPath={screenPath}
          onHistory={() => setHistoryOpen(true)}
          onDiscard={() => form.reset(saved ? orderValues(saved) : newOrderValues(systemTypeId))}
        />

        {!canWrite && (
          <Alert color="gray" variant="light">
            {t('orderEntry.readOnlyNotice')}
          </Alert>
        )}
        {prefill.banner}
        {heldBy !== null && (
          <Alert color="yellow" title={t('resource.lockedTitle', { defaultValue: 'Being edited' })}>
            {t('orderEntry.lockedBy', { user: heldBy })}
          </Alert>
        )}
        {savedElsewhere !== null && (
          <Alert
            color="orange"
            title={t('resource.changedTitle', { defaultValue: 'Changed by someone else' })}
          >
            <Group justify="space-between">
              <Text size="sm">{t('orderEntry.changedBy', { user: savedElsewhere })}</Text>
              <Button size="xs" variant="light" onClick={() => void reload()}>
                {t('resource.reload', { defaultValue: 'Reload' })}
              </Button>
            </Group>
          </Alert>
        )}
        {deletedElsewhere && (
          <Alert color="red" variant="light">
            {t('orderEntry.deletedElsewhere')}
          </Alert>
        )}
        {formError !== null && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setFormError(null)}>
            {formError}
          </Alert>
        )}
        <OrderHeaderSection
          control={control}
          values={values}
          systemTypeId={systemTypeId}
          readOnly={readOnly}
          credit={credit}
          canCreateJob={canCreateJob}
          onCustomerPicked={onCustomerPicked}
          onJobPicked={onJobPicked}
          handleNewJob={handleNewJob}
          onShipDateTyped={onShipDateTyped}
          onPlantPicked={onPlantPicked}
        />

        {schedules.fields.map((field, index) => (
          <ScheduleCard
            key={field.id}
            control={control}
            index={index}
            systemTypeId={systemTypeId}
            flags={flags}
            readOnly={readOnly}
            plants={plants}
            productTarget={productTargets[systemTypeId]}
            extraTarget={extraProductTarget}
            canRemove={schedules.fields.length > 1}
            onRemove={() => schedules.remove(index)}
            onProductPicked={onProductPicked}
            onPriceTyped={onPriceTyped}
            onPlantPicked={onSchedulePlantPicked}
          />
        ))}

        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            {!readOnly && (
              <Group>
                <Button
                  variant="light"
                  onClick={() =>
                    schedules.append(newSchedule(values.plantId, values.schedules.at(-1)), {
                      shouldFocus: false,
                    })
                  }
                >
                  {t('orderEntry.addSchedule')}
                </Button>
              </Group>
            )}
            <Text size="xs" c="dimmed">
              {t('orderEntry.keys')} <Kbd size="xs">Enter</Kbd> · <Kbd size="xs">Ctrl</Kbd>+
              <Kbd size="xs">S</Kbd>
            </Text>
            {saved && (
              <Text size="xs" c="dimmed">
                {t('orderEntry.lastChange', {
                  version: saved.version,
                  when: new Date(saved.modifiedAt).toLocaleString(),
                })}
              </Text>
            )}
          </Stack>{' '}
          {!flags.hidePrice && <OrderTotalsPanel totals={totals} rate={rate} />}
        </Group>
      </Stack>
      <NewJobDialog
        start={newJob}
        plantFilters={{ systemTypeId: String(systemTypeId) }}
        onClose={() => setNewJob(null)}
        onCreated={handleJobCreated}
      />
      {saved && (
        <HistoryDrawer
          orderId={saved.id}
          number={saved.number}
          systemTypeId={saved.systemTypeId}
          opened={historyOpen}
          onClose={() => setHistoryOpen(false)}
        />
      )}
    </form>
  );
}
