/**
 * Order entry's inline job (R-ORD-22): a small dialog, opened from the Job pick list ("New job…",
 * or "Create job '<text>'" when what was typed matches no job), that creates a job for the order's
 * customer through the jobs resource (`POST /api/v1/jobs`, marked `createdInOrderEntry`) and hands
 * it back to be chosen. Its number, street, plant and tax schedule (the customer's by default);
 * Enter creates it, Escape leaves. The job resource's own create schema checks it first.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createSchemaOf } from '@dispatch/domain/resources/define';
import { jobResource } from '@dispatch/domain/resources/jobs';
import { ApiError } from '../../lib/api-client';
import { saveRecord } from '../../resources/resource-api';
import { resourceKeys } from '../../resources/resource-queries';
import { ReferenceSelect } from '../../resources/reference-select';
import { plantTarget, taxScheduleTarget } from './order-targets';

export type NewJobStart = {
  customerId: number;
  customerName: string;
  /** What was typed in the Job pick list, as the job number. */
  number: string;
  plantId: number | null;
  /** The customer's tax schedule: the job's unless another is chosen. */
  taxScheduleId: number | null;
};

export type CreatedJob = { id: number; number: string; plantId: number | null };

type Values = {
  number: string;
  address1: string;
  plantId: number | null;
  taxScheduleId: number | null;
};

type Problems = Partial<Record<keyof Values, string>>;

const jobCreateSchema = createSchemaOf(jobResource);

function problemsOf(error: unknown): { fields: Problems; other: string | null } {
  const data =
    error instanceof ApiError && error.status === 400
      ? (error.body as { data?: unknown } | undefined)?.data
      : undefined;
  if (!Array.isArray(data)) {
    return { fields: {}, other: error instanceof Error ? error.message : String(error) };
  }
  const fields: Problems = {};
  const other: string[] = [];
  for (const item of data as { field?: unknown; reason?: unknown }[]) {
    const field = String(item.field);
    const reason = String(item.reason);
    if (['number', 'address1', 'plantId', 'taxScheduleId'].includes(field)) {
      fields[field as keyof Values] = reason;
    } else other.push(`${field}: ${reason}`);
  }
  return { fields, other: other.length ? other.join(' · ') : null };
}

export function NewJobDialog({
  start,
  plantFilters,
  onClose,
  onCreated,
}: {
  start: NewJobStart | null;
  plantFilters: Record<string, string>;
  onClose: () => void;
  onCreated: (job: CreatedJob) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={start !== null}
      onClose={onClose}
      title={start ? t('orderEntry.newJob.title', { customer: start.customerName }) : ''}
      size="md"
    >
      {start && (
        <NewJobForm
          // A fresh form for each opening, started from what was typed.
          key={`${start.customerId}:${start.number}`}
          start={start}
          plantFilters={plantFilters}
          onClose={onClose}
          onCreated={onCreated}
        />
      )}
    </Modal>
  );
}

function NewJobForm({
  start,
  plantFilters,
  onClose,
  onCreated,
}: {
  start: NewJobStart;
  plantFilters: Record<string, string>;
  onClose: () => void;
  onCreated: (job: CreatedJob) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>({
    number: start.number,
    address1: '',
    plantId: start.plantId,
    taxScheduleId: start.taxScheduleId,
  });
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const handleSubmit = async (event: FormEvent) => {
    // The order's form is around this one in the page's tree: its Enter must not save the order.
    event.preventDefault();
    event.stopPropagation();
    setFormError(null);
    const body = {
      customerId: start.customerId,
      number: values.number,
      address1: values.address1,
      plantId: values.plantId,
      taxScheduleId: values.taxScheduleId,
      createdInOrderEntry: true,
    };
    const checked = jobCreateSchema.safeParse(body);
    if (!checked.success) {
      const found: Problems = {};
      for (const issue of checked.error.issues) {
        found[String(issue.path[0]) as keyof Values] = issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    setSaving(true);
    try {
      const job = await saveRecord(jobResource, undefined, body);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(jobResource.name) });
      onCreated({
        id: job.id,
        number: String(job.number),
        plantId: typeof job.plantId === 'number' ? job.plantId : null,
      });
    } catch (error) {
      const found = problemsOf(error);
      setProblems(found.fields);
      setFormError(found.other);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('orderEntry.newJob.hint')}
        </Text>
        <TextInput
          label={t('orderEntry.newJob.number')}
          value={values.number}
          onChange={(event) => set('number', event.currentTarget.value)}
          error={problems.number}
          required
          maxLength={30}
          data-autofocus
        />
        <TextInput
          label={t('orderEntry.newJob.address')}
          value={values.address1}
          onChange={(event) => set('address1', event.currentTarget.value)}
          error={problems.address1}
        />
        <ReferenceSelect
          target={plantTarget}
          name="plantId"
          label={t('orderEntry.newJob.plant')}
          value={values.plantId}
          onChange={(plantId) => set('plantId', plantId)}
          error={problems.plantId}
          filters={plantFilters}
        />
        <ReferenceSelect
          target={taxScheduleTarget}
          name="taxScheduleId"
          label={t('orderEntry.newJob.taxSchedule')}
          description={t('orderEntry.newJob.taxScheduleHint')}
          value={values.taxScheduleId}
          onChange={(taxScheduleId) => set('taxScheduleId', taxScheduleId)}
          error={problems.taxScheduleId}
        />
        {formError !== null && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('resource.cancel', { defaultValue: 'Cancel' })}
          </Button>
          <Button type="submit" loading={saving}>
            {t('orderEntry.newJob.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
