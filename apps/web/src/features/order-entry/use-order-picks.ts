/**
 * What picking the order's customer, job, ship date or plants brings in (R-ORD-22, R-ORD-23,
 * R-ORD-28, R-OREQ-11): defaults from the record picked, a new job, and prices asked again.
 */
import { useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { jobResource } from '@dispatch/domain/resources/jobs';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { useRequestPrefill } from '../../data/order-requests/use-request-prefill';
import { useResourceAccess } from '../../resources/use-resource-access';
import type { OrderValues } from './order-entry-form';
import {
  pricingDefaults,
  recordQuery,
  customerRecordSchema,
  jobRecordSchema,
  plantRecordSchema,
  type CustomerRecord,
} from './order-entry-records';
import type { CreatedJob, NewJobStart } from './new-job-dialog';

export function useOrderPicks({
  form,
  systemTypeId,
  isNew,
  customer,
  reprice,
  onProductPicked,
}: {
  form: UseFormReturn<OrderValues>;
  systemTypeId: SystemTypeId;
  isNew: boolean;
  customer: { data?: CustomerRecord };
  reprice: (what: string, only?: readonly number[]) => void;
  onProductPicked: (path: `schedules.${number}.${string}`, productId: number | null) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
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

  return {
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
  };
}
