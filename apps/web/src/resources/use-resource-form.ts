/**
 * One resource record's form (R-MAINT-3, R-MAINT-6, R-CONC-1): the record loaded, the form checked
 * with the definition's own schemas and rules, taken over by a refetch while unchanged, told when
 * someone else saves it mid-edit, locked while open for editing, and guarded against leaving.
 */
import { useEffect, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  createSchemaOf,
  recordProblems,
  updateSchemaOf,
  type ResourceDefinition,
} from '@dispatch/domain/resources/define';
import { formValues } from './resource-form-values';
import { resourceQueries } from './resource-queries';
import { useLeaveGuard } from './use-leave-guard';
import { useRecordLock } from './use-record-lock';
import { useResourceAccess } from './use-resource-access';
import { useResourceLive } from './use-resource-live';

export function useResourceForm(definition: ResourceDefinition, recordId: number | undefined) {
  const { t } = useTranslation();
  const flags = useResourceAccess(definition);
  const isNew = recordId === undefined;
  const record = useQuery({
    ...resourceQueries.record(definition, recordId ?? 0),
    enabled: !isNew,
  });
  const [savedElsewhere, setSavedElsewhere] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const canWrite = !flags.readOnly && !flags.none;
  const heldBy = useRecordLock(definition.name, recordId, canWrite && !isNew);
  const readOnly = !canWrite || heldBy !== null;

  const schema = useMemo(
    () => (isNew ? createSchemaOf(definition) : updateSchemaOf(definition).omit({ version: true })),
    [definition, isNew],
  );
  const [startParams] = useSearchParams();
  const resolver = useMemo((): Resolver<FieldValues> => {
    const fieldsResolver = zodResolver(schema as never) as unknown as Resolver<FieldValues>;
    return async (values, context, options) => {
      const result = await fieldsResolver(values, context, options);
      if (Object.keys(result.errors).length > 0) return result;
      // The definition's rules across fields, as the server will run them.
      const problems = recordProblems(definition, { ...record.data, ...values });
      if (problems.length === 0) return result;
      return {
        values: {},
        errors: Object.fromEntries(
          problems.map((problem) => [problem.field, { type: 'rule', message: problem.reason }]),
        ),
      };
    };
  }, [schema, definition, record.data]);
  const form = useForm<FieldValues>({
    defaultValues: formValues(definition, undefined, startParams),
    resolver,
    mode: 'onTouched',
  });
  const { isDirty } = form.formState;

  // The record as loaded, and again whenever it is refetched while the user has changed nothing.
  useEffect(() => {
    if (record.data && !form.formState.isDirty) form.reset(formValues(definition, record.data));
  }, [record.data, definition, form]);

  useResourceLive(definition.name, (change) => {
    if (change.id !== recordId || change.version === record.data?.version) return;
    if (form.formState.isDirty) setSavedElsewhere(change.by);
    else void record.refetch();
  });

  useLeaveGuard(
    isDirty,
    saving,
    t('resource.leaveText', { defaultValue: 'Your changes to this record have not been saved.' }),
  );

  return {
    flags,
    isNew,
    record,
    form,
    isDirty,
    canWrite,
    heldBy,
    readOnly,
    savedElsewhere,
    setSavedElsewhere,
    saving,
    setSaving,
    formError,
    setFormError,
  };
}

export type ResourceForm = ReturnType<typeof useResourceForm>;
