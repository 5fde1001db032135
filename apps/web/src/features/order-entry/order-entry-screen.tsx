/**
 * Order entry for concrete, aggregate and block (`/orders/concrete`, `/orders/concrete/{id}`,
 * issue 12 item 1): the header, one or more schedules with their products and projected loads,
 * the totals, and for an order already saved its number, Copy to a date and its History.
 * Keyboard first: fields in Tab order, Enter or Ctrl+S saves. Saving is checked with the domain's
 * own schema first; the server's refusals land beside their fields; a stale save offers a reload
 * (R-CONC-1); the order is locked while open (R-MAINT-6) and follows orderUpdate_v1 live.
 */
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Grid,
  Group,
  Kbd,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import { requiredOrderEntryFields } from '@dispatch/domain/orders/order-entry-required';
import { orderStatuses, orderStatusIds } from '@dispatch/domain/orders/order-status';
import { permissionFlags, permissionLevels } from '@dispatch/domain/permissions';
import { jobResource } from '@dispatch/domain/resources/jobs';
import { systemTypeById, systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import { askYesNo } from '../../components/dialogs/dialog-store';
import {
  RefusedNumbersContext,
  useRefusedNumbers,
  type RefusedNumbers,
} from '../../components/number-field/refused-numbers';
import { useLeaveGuard } from '../../resources/use-leave-guard';
import { apiGet, ApiError } from '../../lib/api-client';
import { useHubEvent } from '../../realtime/hub-events';
import { useRequestPrefill } from '../../data/order-requests/use-request-prefill';
import { orderKeys } from '../../data/orders/order-queries';
import { useRecordLock } from '../../resources/use-record-lock';
import { useResourceAccess } from '../../resources/use-resource-access';
import { useUserAccess } from '../../session/session-queries';
import {
  fetchPrice,
  orderQuery,
  saveOrder,
  type OrderDetail,
  type OrderPrice,
} from './order-entry-api';
import { taxingTypeChoices, type Choice } from './order-entry-choices';
import {
  bodyProblems,
  linesToReprice,
  newOrderValues,
  newSchedule,
  orderBody,
  orderValues,
  priceProblemFields,
  totalsOf,
  type FormFieldPath,
  type OrderValues,
  type PlantTimes,
  type PricedLine,
} from './order-entry-form';
import {
  ChoiceField,
  FlagField,
  NotesField,
  PickField,
  RequiredFields,
  TextField,
} from './order-fields';
import { CopyOrderButton, HistoryDrawer, ReopenOrderButton } from './order-actions';
import {
  customerTarget,
  extraProductTarget,
  freeShortLoadTarget,
  jobTarget,
  orderFlagTarget,
  orderTypeTarget,
  plantTarget,
  printMaterialTypeTarget,
  productTargets,
  reasonTarget,
  shortLoadTypeTarget,
  standbyChargeTypeTarget,
} from './order-targets';
import { NewJobDialog, type CreatedJob, type NewJobStart } from './new-job-dialog';
import { ScheduleCard } from './schedule-card';
import { formatMoney } from '../../lib/money-format';
import type { FieldProblem } from '@dispatch/domain/validation/field-problem';

// What order entry reads of the resource engine's records; the rest of each record is kept.
const customerRecordSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  creditStatusId: z.number().nullable(),
  cashOnlyFlag: z.boolean().optional(),
  emailAddressCsv: z.string().optional(),
  taxScheduleId: z.number().nullable().optional(),
  labels: z.record(z.string(), z.string()).optional(),
});
const jobRecordSchema = z.looseObject({
  id: z.number(),
  number: z.string().optional(),
  plantId: z.number().nullable(),
  customerPoNumber: z.string().optional(),
});
const plantRecordSchema = z.looseObject({
  batchTime: z.number().nullable(),
  inYardWashTime: z.number().nullable(),
  systemTypeId: z.number().nullable().optional(),
});
type CustomerRecord = z.infer<typeof customerRecordSchema>;

const recordQuery = <Record extends z.ZodType>(
  path: string,
  id: number | null,
  record: Record,
) => ({
  queryKey: orderKeys.reference(path, id),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet(`/api/v1/${path}/${id}`, record, { signal }),
  enabled: id !== null,
  staleTime: 60_000,
  retry: false,
});

const right = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

function problemsOf(error: unknown): FieldProblem[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data)
    ? data.filter((item): item is FieldProblem => typeof (item as FieldProblem)?.field === 'string')
    : [];
}

/** The customer's pricing defaults of the system type in effect on the ship date (R-PRICE-3). */
function pricingDefaults(customer: CustomerRecord, systemTypeId: SystemTypeId, shipDate: string) {
  const rows = customer[systemTypeById(systemTypeId).key];
  if (!Array.isArray(rows)) return undefined;
  const inEffect = (rows as Record<string, unknown>[]).filter(
    (row) =>
      (typeof row.startDate !== 'string' || row.startDate.slice(0, 10) <= shipDate) &&
      (typeof row.terminationDate !== 'string' || row.terminationDate.slice(0, 10) >= shipDate),
  );
  return inEffect.at(-1);
}

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
  const queryClient = useQueryClient();
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
  const [taxRate, setTaxRate] = useState<number | null>(null);

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

  // The tax rate comes with a price (R-PRICE-10): ask for it once there is a product to price.
  const firstProduct = values.schedules.find((each) => each.primaryProduct.productId !== null)
    ?.primaryProduct.productId;
  const taxQuery = useQuery({
    queryKey: orderKeys.taxRate(
      values.customerId,
      values.jobId,
      values.plantId,
      values.shipDate,
      firstProduct,
    ),
    queryFn: () =>
      fetchPrice({
        customerId: values.customerId!,
        jobId: values.jobId,
        productId: firstProduct!,
        plantId: values.plantId,
        systemTypeId,
        shipDate: values.shipDate,
      }),
    enabled: values.customerId !== null && firstProduct !== undefined && !flags.none,
    staleTime: 60_000,
    retry: false,
  });
  const rate = taxQuery.data?.taxRate ?? taxRate;

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

  const pricing = (answer: OrderPrice) => {
    if (answer.taxRate !== null) setTaxRate(answer.taxRate);
  };

  /**
   * R-ORD-28: a refused price lookup says why beside the field it names; each lookup (a line's,
   * or the tax rate's) clears what it said last time when it is asked again.
   */
  const priceErrors = useRef(new Map<string, FormFieldPath[]>());
  const clearPriceErrors = (source: string) => {
    for (const field of priceErrors.current.get(source) ?? []) {
      if (form.getFieldState(field).error?.type === 'price') form.clearErrors(field);
    }
    priceErrors.current.delete(source);
  };
  const showPriceErrors = (
    source: string,
    error: unknown,
    line: { path: PricedLine['path'] | null; schedulePlant: boolean },
  ) => {
    clearPriceErrors(source);
    const problems = problemsOf(error);
    const placed =
      problems.length > 0
        ? priceProblemFields(problems, line)
        : line.path === null
          ? []
          : [
              {
                field: `${line.path}.productId` as const,
                reason: t('orderEntry.noPrice', {
                  reason: error instanceof Error ? error.message : String(error),
                }),
              },
            ];
    for (const { field, reason } of placed) {
      form.setError(field, { type: 'price', message: reason });
    }
    priceErrors.current.set(
      source,
      placed.map((each) => each.field),
    );
  };

  /** One line priced: its price and taxable flag, or why not beside the field at fault. */
  const priceLine = (line: PricedLine, current: OrderValues) =>
    fetchPrice({
      customerId: current.customerId!,
      jobId: current.jobId,
      productId: line.productId,
      plantId: line.plantId,
      systemTypeId,
      shipDate: current.shipDate,
    }).then(
      (answer) => {
        clearPriceErrors(line.path);
        return answer;
      },
      (error: unknown) => {
        const path = line.path as `schedules.${number}.primaryProduct`;
        if (form.getValues(`${path}.productId`) !== line.productId) return null;
        const scheduleIndex = Number(line.path.split('.')[1]);
        showPriceErrors(line.path, error, {
          path: line.path,
          schedulePlant: form.getValues(`schedules.${scheduleIndex}.schedule.plantId`) !== null,
        });
        if (form.getValues(`${path}.priceFrom`) !== 'typed') {
          form.setValue(`${path}.priceFrom`, 'failed');
        }
        return null;
      },
    );

  /** A product picked: its price (quote, customer, product) and taxable flag from the server. */
  const onProductPicked = (path: `schedules.${number}.${string}`, productId: number | null) => {
    const line = path as `schedules.${number}.primaryProduct`;
    if (productId === null) {
      clearPriceErrors(line);
      form.setValue(`${line}.price`, null);
      form.setValue(`${line}.taxableFlag`, null);
      form.setValue(`${line}.priceFrom`, null);
      return;
    }
    const current = form.getValues();
    if (current.customerId === null) return;
    const scheduleIndex = Number(path.split('.')[1]);
    const plantId = current.schedules[scheduleIndex]?.schedule.plantId ?? current.plantId;
    void priceLine({ path: line, productId, plantId }, current).then((answer) => {
      if (!answer) return;
      pricing(answer);
      form.setValue(`${line}.taxableFlag`, answer.taxable, { shouldDirty: true });
      if (!flags.hidePrice) {
        form.setValue(`${line}.price`, answer.price ?? null, { shouldDirty: true });
        form.setValue(`${line}.priceFrom`, 'pricing');
      }
    });
  };

  /** A price typed by hand: the user's, kept when the customer, job or date changes (R-ORD-23). */
  const onPriceTyped = (path: `schedules.${number}.${string}`) => {
    form.setValue(`${path as `schedules.${number}.primaryProduct`}.priceFrom`, 'typed');
  };

  /**
   * R-ORD-23: the customer, job or ship date changed (or, R-ORD-28, the plant of the schedules
   * `only` names): the lines order pricing priced, or refused, are priced again
   * (GET /api/v1/orders/price), and a short notice says so. Only the latest change applies.
   */
  const repriceRun = useRef(0);
  const repriceNoticeId = 'order-entry-prices-updated';
  const reprice = (what: string, only?: readonly number[]) => {
    const current = form.getValues();
    if (current.customerId === null || flags.hidePrice) return;
    const lines = linesToReprice(current, only);
    if (lines.length === 0) return;
    const run = (repriceRun.current += 1);
    void Promise.all(
      lines.map((line) => priceLine(line, current).then((answer) => ({ line, answer }))),
    ).then((results) => {
      if (run !== repriceRun.current) return;
      let count = 0;
      for (const { line, answer } of results) {
        if (!answer) continue;
        const path = line.path as `schedules.${number}.primaryProduct`;
        const now = form.getValues(path);
        if (now.productId !== line.productId) continue;
        if (now.priceFrom !== 'pricing' && now.priceFrom !== 'failed') continue;
        pricing(answer);
        form.setValue(`${path}.price`, answer.price ?? null, { shouldDirty: true });
        form.setValue(`${path}.taxableFlag`, answer.taxable, { shouldDirty: true });
        form.setValue(`${path}.priceFrom`, 'pricing');
        count += 1;
      }
      if (count === 0) return;
      // One notice for the latest re-pricing: typing a date must not stack a notice per change.
      notifications.hide(repriceNoticeId);
      notifications.show({
        id: repriceNoticeId,
        color: 'blue',
        title: t('orderEntry.pricesUpdated', { what }),
        message: t('orderEntry.pricesUpdatedText', { count }),
      });
    });
  };

  // R-ORD-28: the tax rate's own lookup (the order's plant, the first product) says why it fails.
  const taxFailure = taxQuery.error;
  const firstPriced = values.schedules.findIndex((each) => each.primaryProduct.productId !== null);
  const onTaxAnswer = useEffectEvent((failure: Error | null) => {
    if (failure === null) {
      clearPriceErrors('tax');
      return;
    }
    showPriceErrors('tax', failure, {
      path: firstPriced === -1 ? null : `schedules.${firstPriced}.primaryProduct`,
      schedulePlant: false,
    });
  });
  useEffect(() => onTaxAnswer(taxFailure), [taxFailure]);

  /** The ship date typed: priced again once it is a whole date and the typing has stopped. */
  const shipDateTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(shipDateTimer.current), []);
  const onShipDateTyped = (value: string) => {
    clearTimeout(shipDateTimer.current);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    shipDateTimer.current = setTimeout(
      () => reprice(t('orderEntry.repriceFor.shipDate', { value })),
      400,
    );
  };

  /** A customer picked: its job goes, its emails and its pricing defaults come in. */
  const onCustomerPicked = (customerId: number | null) => {
    form.setValue('jobId', null);
    if (customerId === null) return;
    void queryClient
      .fetchQuery({ ...recordQuery('customers', customerId, customerRecordSchema) })
      .then((record) => {
        const current = form.getValues();
        if (!current.emailAddressCsv && record.emailAddressCsv) {
          form.setValue('emailAddressCsv', record.emailAddressCsv, { shouldDirty: true });
        }
        if (current.customerId === record.id) {
          reprice(t('orderEntry.repriceFor.customer', { value: record.name }));
        }
        const defaults = pricingDefaults(record, systemTypeId, current.shipDate);
        if (!defaults) return;
        for (const key of [
          'shortLoadTypeId',
          'freeShortLoadId',
          'standbyChargeTypeId',
          'printMaterialTypeId',
        ] as const) {
          const value = defaults[key];
          if (typeof value === 'number') form.setValue(key, value, { shouldDirty: true });
        }
      })
      .catch(() => undefined);
  };

  /** A job picked: its plant and PO number fill what is still empty. */
  const onJobPicked = (jobId: number | null) => {
    if (jobId === null) {
      reprice(t('orderEntry.repriceFor.noJob'));
      return;
    }
    void queryClient
      .fetchQuery({ ...recordQuery('jobs', jobId, jobRecordSchema) })
      .then(async (job) => {
        const current = form.getValues();
        if (!current.customerPoNumber && job.customerPoNumber) {
          form.setValue('customerPoNumber', job.customerPoNumber, { shouldDirty: true });
        }
        // The plant first: the lines are priced once, at the plant the job brings.
        if (current.plantId === null && job.plantId) await takeJobPlant(job.plantId);
        if (form.getValues('jobId') === job.id) {
          reprice(t('orderEntry.repriceFor.job', { value: job.number ?? String(job.id) }));
        }
      })
      .catch(() => undefined);
  };

  /**
   * R-ORD-28: a job's plant fills an order without one when it is of the order's system type (a
   * job poured with concrete may be on an aggregate order too); its schedules follow it.
   */
  const takeJobPlant = async (plantId: number) => {
    const plant = await queryClient
      .fetchQuery({ ...recordQuery('plants', plantId, plantRecordSchema) })
      .catch(() => null);
    const type = plant?.systemTypeId;
    if (typeof type === 'number' && type !== systemTypeId) return;
    if (form.getValues('plantId') !== null) return;
    form.setValue('plantId', plantId, { shouldDirty: true });
    followOrderPlant(plantId);
  };

  // R-OREQ-11: a new order started from an online order request (?fromRequest=<id>).
  const prefill = useRequestPrefill({
    enabled: isNew,
    apply: (request) => {
      const dirty = { shouldDirty: true } as const;
      form.setValue('customerId', request.customerId, dirty);
      onCustomerPicked(request.customerId);
      form.setValue('jobId', request.jobId, dirty);
      onJobPicked(request.jobId);
      form.setValue('shipDate', request.shipDate, dirty);
      form.setValue('schedules.0.schedule.firstLoadOnJobTime', request.firstLoadOnJobTime, dirty);
      form.setValue('schedules.0.primaryProduct.productId', request.productId, dirty);
      form.setValue('schedules.0.primaryProduct.quantity', request.quantity, dirty);
      onProductPicked('schedules.0.primaryProduct', request.productId);
    },
  });

  // R-ORD-22: a job created from the Job pick list, for the order's customer.
  const jobAccess = useResourceAccess(jobResource);
  const canCreateJob = !jobAccess.readOnly && !jobAccess.none;
  const [newJob, setNewJob] = useState<NewJobStart | null>(null);
  const handleNewJob = (typed: string) => {
    const current = form.getValues();
    if (current.customerId === null) return;
    setNewJob({
      customerId: current.customerId,
      customerName: customer.data?.name ?? '',
      number: typed,
      plantId: current.plantId,
      taxScheduleId: customer.data?.taxScheduleId ?? null,
    });
  };
  const handleJobCreated = (job: CreatedJob) => {
    setNewJob(null);
    form.setValue('jobId', job.id, { shouldDirty: true });
    onJobPicked(job.id);
    notifications.show({
      color: 'teal',
      title: t('orderEntry.newJob.created', { number: job.number }),
      message: '',
    });
  };

  /**
   * R-ORD-28: the order's plant picked: every schedule whose plant was not chosen for it follows,
   * and their lines are priced at the new plant.
   */
  const onPlantPicked = (plantId: number | null) => {
    if (plantId === null) return;
    const moved = followOrderPlant(plantId);
    if (moved.length > 0) reprice(t('orderEntry.repriceFor.plant'), moved);
  };

  /** The schedules whose plant follows the order's take it; answers which moved. */
  const followOrderPlant = (plantId: number): number[] => {
    const moved: number[] = [];
    form.getValues().schedules.forEach((schedule, index) => {
      if (schedule.plantChosen || schedule.schedule.plantId === plantId) return;
      form.setValue(`schedules.${index}.schedule.plantId`, plantId, { shouldDirty: true });
      moved.push(index);
    });
    return moved;
  };

  /**
   * R-ORD-28: a plant picked on a schedule is that schedule's own unless it is the order's (then
   * the schedule follows the order's plant again). Its lines are priced at the plant.
   */
  const onSchedulePlantPicked = (index: number, plantId: number | null) => {
    const orderPlant = form.getValues('plantId');
    form.setValue(`schedules.${index}.plantChosen`, plantId !== null && plantId !== orderPlant);
    if (plantId !== null) reprice(t('orderEntry.repriceFor.plant'), [index]);
  };

  const showProblems = (problems: FieldProblem[]) => {
    const known = new Set(Object.keys(form.getValues()));
    const unplaced: string[] = [];
    problems.forEach((problem, index) => {
      const root = problem.field.split('.')[0] ?? '';
      if (!known.has(root) || problem.field.endsWith('systemTypeId')) {
        unplaced.push(`${problem.field}: ${problem.reason}`);
        return;
      }
      form.setError(
        problem.field as 'customerId',
        { type: 'server', message: problem.reason },
        { shouldFocus: index === 0 },
      );
    });
    if (unplaced.length > 0) setFormError(unplaced.join(' · '));
  };

  const reload = async () => {
    setSavedElsewhere(null);
    const fresh = await order.refetch();
    if (fresh.data) form.reset(orderValues(fresh.data));
  };

  const handleSave = form.handleSubmit(async (formValues) => {
    if (!canWrite || readOnly) return;
    // R-INPUT-1: a number field holding text it refused is not saved; the field says why.
    if (refusedNumbers.focusFirst()) return;
    setFormError(null);
    form.clearErrors();
    const body = orderBody(formValues, systemTypeId, flags, order.data, plants);
    const problems = bodyProblems(body);
    if (problems.length > 0) {
      showProblems(problems);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveOrder(orderId, body);
      queryClient.setQueryData(orderKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: orderKeys.history(saved.id) });
      form.reset(orderValues(saved));
      setSavedElsewhere(null);
      notifications.show({
        color: 'teal',
        title: t('orderEntry.savedTitle', { number: saved.number }),
        message: t('orderEntry.savedText', {
          customer: saved.customerName,
          shipDate: saved.shipDate.slice(0, 10),
        }),
      });
      if (isNew) await prefill.linkSavedOrder(saved);
      if (isNew) setCreated(saved.id);
    } catch (error) {
      const problems = problemsOf(error);
      if (problems.length > 0) showProblems(problems);
      else if (error instanceof ApiError && error.status === 409 && !isNew) {
        const answer = await askYesNo({
          title: t('resource.conflictTitle', { defaultValue: 'Changed by someone else' }),
          text: error.message,
          confirmText: t('resource.reload', { defaultValue: 'Reload' }),
          denyText: t('resource.keepEditing', { defaultValue: 'Keep my changes' }),
        });
        if (answer === 'yes') await reload();
        else setFormError(error.message);
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setSaving(false);
    }
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
  const statusChoices: Choice[] = orderStatuses
    .filter((each) => each.key !== 'deleted' || values.orderStatusId === each.id)
    .map((each) => ({ id: each.id, label: each.name }));
  const statusLabel = (choice: Choice) =>
    t(`orderEntry.statuses.${orderStatuses.find((each) => each.id === choice.id)!.key}`);
  const notBlock = systemTypeId !== systemTypeIds.block;
  const totals = totalsOf(values, rate);
  const label = (key: string) => t(`orderEntry.fields.${key}`);
  const choiceLabel = (group: string) => (choice: Choice) =>
    t(`orderEntry.${group}.${choice.id}`, { defaultValue: choice.label });
  const credit = customer.data;
  const creditLabel = credit?.labels?.creditStatusId;
  const control = form.control;

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate>
      <Stack gap="sm" maw={1440}>
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Group gap="sm" align="center">
            <Title order={2}>{title}</Title>
            {status && saved && (
              <Badge variant="light" color={status.key === 'onHold' ? 'orange' : 'blue'}>
                {t(`orderEntry.statuses.${status.key}`)}
              </Badge>
            )}
            {isDirty && (
              <Badge color="yellow" variant="light">
                {t('resource.unsaved', { defaultValue: 'Unsaved changes' })}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {saved && (
              <>
                <Button variant="default" onClick={() => setHistoryOpen(true)}>
                  {t('orderEntry.history')}
                </Button>
                {canWrite && saved.orderStatusId === orderStatusIds.complete && (
                  <ReopenOrderButton order={saved} />
                )}
                {canWrite && <CopyOrderButton order={saved} screenPath={screenPath} />}
                <Button variant="default" component={Link} to={screenPath}>
                  {t('orderEntry.newOrder')}
                </Button>
              </>
            )}
            {isDirty && (
              <Button
                variant="default"
                onClick={() =>
                  form.reset(saved ? orderValues(saved) : newOrderValues(systemTypeId))
                }
                disabled={saving}
              >
                {t('resource.discard', { defaultValue: 'Discard changes' })}
              </Button>
            )}
            {canWrite && (
              <Button type="submit" loading={saving} disabled={readOnly || (!isDirty && !isNew)}>
                {t('orderEntry.save')}
              </Button>
            )}
          </Group>
        </Group>

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

        <Paper
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-label={t('orderEntry.header')}
        >
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
              <PickField
                control={control}
                name="customerId"
                label={label('customerId')}
                target={customerTarget}
                readOnly={readOnly}
                onPick={onCustomerPicked}
              />
              {credit && (
                <Group gap={6} mt={4}>
                  <Text size="xs" c="dimmed">
                    {t('orderEntry.creditStatus')}
                  </Text>
                  <Badge size="sm" variant="light" color={creditLabel ? 'teal' : 'gray'}>
                    {creditLabel ?? t('orderEntry.noCreditStatus')}
                  </Badge>
                  {credit.cashOnlyFlag === true && (
                    <Badge size="sm" variant="light" color="orange">
                      {t('orderEntry.cashOnly')}
                    </Badge>
                  )}
                </Group>
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
              <PickField
                control={control}
                name="jobId"
                label={label('jobId')}
                target={jobTarget}
                filters={
                  values.customerId === null ? undefined : { customerId: String(values.customerId) }
                }
                readOnly={readOnly || values.customerId === null}
                onPick={onJobPicked}
                create={
                  canCreateJob && values.customerId !== null
                    ? {
                        blank: t('orderEntry.newJob.option'),
                        typed: (text) => t('orderEntry.newJob.optionTyped', { text }),
                        onCreate: handleNewJob,
                      }
                    : undefined
                }
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 4, lg: 2 }}>
              <TextField
                control={control}
                name="customerPoNumber"
                label={label('customerPoNumber')}
                readOnly={readOnly}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 4, lg: 2 }}>
              <TextField
                control={control}
                name="orderedByName"
                label={label('orderedByName')}
                readOnly={readOnly}
              />
            </Grid.Col>
          </Grid>
          <SimpleGrid
            cols={{ base: 2, sm: 3, md: 4, lg: 6 }}
            spacing="sm"
            verticalSpacing="xs"
            mt="xs"
          >
            <TextField
              control={control}
              name="orderDate"
              type="date"
              label={label('orderDate')}
              readOnly={readOnly}
            />
            <TextField
              control={control}
              name="shipDate"
              type="date"
              label={label('shipDate')}
              readOnly={readOnly}
              onValue={onShipDateTyped}
            />
            <ChoiceField
              control={control}
              name="orderStatusId"
              label={label('orderStatusId')}
              choices={statusChoices}
              labelOf={statusLabel}
              readOnly={readOnly}
            />
            <PickField
              control={control}
              name="orderTypeId"
              label={label('orderTypeId')}
              target={orderTypeTarget}
              filters={{ systemTypeId: String(systemTypeId) }}
              readOnly={readOnly}
            />
            <PickField
              control={control}
              name="plantId"
              label={label('plantId')}
              target={plantTarget}
              filters={{ systemTypeId: String(systemTypeId) }}
              readOnly={readOnly}
              onPick={onPlantPicked}
            />
            <PickField
              control={control}
              name="reasonId"
              label={label('reasonId')}
              target={reasonTarget}
              readOnly={readOnly}
            />
            <ChoiceField
              control={control}
              name="sourceTaxingType"
              label={label('sourceTaxingType')}
              choices={taxingTypeChoices}
              labelOf={choiceLabel('taxingTypes')}
              readOnly={readOnly}
            />
            <PickField
              control={control}
              name="orderFlagId"
              label={label('orderFlagId')}
              target={orderFlagTarget}
              readOnly={readOnly}
            />
            <PickField
              control={control}
              name="shortLoadTypeId"
              label={label('shortLoadTypeId')}
              target={shortLoadTypeTarget}
              readOnly={readOnly}
            />
            <PickField
              control={control}
              name="freeShortLoadId"
              label={label('freeShortLoadId')}
              target={freeShortLoadTarget}
              readOnly={readOnly}
            />
            <PickField
              control={control}
              name="standbyChargeTypeId"
              label={label('standbyChargeTypeId')}
              target={standbyChargeTypeTarget}
              readOnly={readOnly}
            />
            {notBlock && (
              <PickField
                control={control}
                name="printMaterialTypeId"
                label={label('printMaterialTypeId')}
                target={printMaterialTypeTarget}
                readOnly={readOnly}
              />
            )}
          </SimpleGrid>
          <Grid gap="sm" mt="xs" align="flex-end">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextField
                control={control}
                name="emailAddressCsv"
                label={label('emailAddressCsv')}
                placeholder={t('orderEntry.emailPlaceholder')}
                readOnly={readOnly}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Group gap="lg" pb={8}>
                <FlagField
                  control={control}
                  name="chargeOrderFlag"
                  label={label('chargeOrderFlag')}
                  readOnly={readOnly}
                />
                <FlagField
                  control={control}
                  name="imperialFlag"
                  label={label('imperialFlag')}
                  readOnly={readOnly}
                />
                <FlagField
                  control={control}
                  name="orderVerifiedFlag"
                  label={label('orderVerifiedFlag')}
                  readOnly={readOnly}
                />
                {systemTypeId === systemTypeIds.concrete && (
                  <FlagField
                    control={control}
                    name="uploadMixToBatchPanel"
                    label={label('uploadMixToBatchPanel')}
                    readOnly={readOnly}
                  />
                )}
                {systemTypeId === systemTypeIds.block && (
                  <FlagField
                    control={control}
                    name="blockReturnOrderFlag"
                    label={label('blockReturnOrderFlag')}
                    readOnly={readOnly}
                  />
                )}
              </Group>
            </Grid.Col>
          </Grid>
          <Divider my="sm" label={t('orderEntry.notes')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            <NotesField
              control={control}
              name="dispatchNotes"
              label={label('dispatchNotes')}
              readOnly={readOnly}
            />
            <NotesField
              control={control}
              name="batchNotes"
              label={label('batchNotes')}
              readOnly={readOnly}
            />
            <NotesField
              control={control}
              name="creditNotes"
              label={label('creditNotes')}
              readOnly={readOnly}
            />
            <NotesField
              control={control}
              name="ticketNotes"
              label={label('ticketNotes')}
              readOnly={readOnly}
            />
          </SimpleGrid>
        </Paper>

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
          </Stack>
          {!flags.hidePrice && (
            <Paper
              withBorder
              radius="md"
              p="sm"
              miw={300}
              component="section"
              aria-label={t('orderEntry.totals')}
            >
              <Stack gap={2}>
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {t('orderEntry.subtotal')}
                  </Text>
                  <Text size="sm" style={right}>
                    {formatMoney(totals.subtotal)}
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {rate === null
                      ? t('orderEntry.taxNone')
                      : t('orderEntry.tax', { rate: totals.taxRate })}
                  </Text>
                  <Text size="sm" style={right}>
                    {formatMoney(totals.tax)}
                  </Text>
                </Group>
                <Divider my={2} />
                <Group justify="space-between">
                  <Text fw={700}>{t('orderEntry.total')}</Text>
                  <Text fw={700} style={right} aria-label={t('orderEntry.total')}>
                    {formatMoney(totals.total)}
                  </Text>
                </Group>
              </Stack>
            </Paper>
          )}
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
