/**
 * The letter template editor's state: the record and who holds its lock, the form checked with the
 * domain's schema and rules, live changes by others, the leave guard, Ctrl+S, and the merge field
 * inserted where the caret was in the subject or letter last used.
 */
import { useHotkeys, useLocalStorage } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { letterTemplateResource } from '@dispatch/domain/credit/letter-templates';
import { createSchemaOf, recordProblems, updateSchemaOf } from '@dispatch/domain/resources/define';
import { resourceQueries } from '../../resources/resource-queries';
import { useLeaveGuard } from '../../resources/use-leave-guard';
import { useRecordLock } from '../../resources/use-record-lock';
import { useResourceAccess } from '../../resources/use-resource-access';
import { useResourceLive } from '../../resources/use-resource-live';
import { blank, valuesOf } from './letter-template-values';
import { insertAtCaret } from './merge-field-input';
import { useLetterTemplateSave } from './use-letter-template-save';

const definition = letterTemplateResource;

export type TemplateTextPart = 'subject' | 'body';

export function useLetterTemplateEditor({
  recordId,
  screenPath,
}: {
  recordId: number | undefined;
  screenPath: string;
}) {
  const { t } = useTranslation();
  const flags = useResourceAccess(definition);
  const isNew = recordId === undefined;
  const record = useQuery({
    ...resourceQueries.record(definition, recordId ?? 0),
    enabled: !isNew,
  });
  const canWrite = !flags.readOnly && !flags.none;
  const heldBy = useRecordLock(definition.name, recordId, canWrite && !isNew);
  const readOnly = !canWrite || heldBy !== null;
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [savedElsewhere, setSavedElsewhere] = useState<string | null>(null);
  const [customerId, setCustomerId] = useLocalStorage<number | null>({
    key: 'creditLetters.previewCustomer',
    defaultValue: null,
  });

  const schema = useMemo(
    () => (isNew ? createSchemaOf(definition) : updateSchemaOf(definition).omit({ version: true })),
    [isNew],
  );
  const resolver = useMemo((): Resolver<FieldValues> => {
    const fields = zodResolver(schema as never) as unknown as Resolver<FieldValues>;
    return async (values, context, options) => {
      const result = await fields(values, context, options);
      if (Object.keys(result.errors).length > 0) return result;
      const problems = recordProblems(definition, values);
      if (problems.length === 0) return result;
      return {
        values: {},
        errors: Object.fromEntries(
          problems.map((problem) => [problem.field, { type: 'rule', message: problem.reason }]),
        ),
      };
    };
  }, [schema]);
  const form = useForm<FieldValues>({ defaultValues: blank, resolver, mode: 'onTouched' });
  const { isDirty } = form.formState;
  const subjectRef = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const bodyRef = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const lastUsed = useRef<TemplateTextPart>('body');

  useEffect(() => {
    if (record.data && !form.formState.isDirty) form.reset(valuesOf(record.data));
  }, [record.data, form]);

  useResourceLive(definition.name, (change) => {
    if (change.id !== recordId || change.version === record.data?.version) return;
    if (form.formState.isDirty) setSavedElsewhere(change.by);
    else void record.refetch();
  });
  useLeaveGuard(isDirty, saving, t('creditLetters.editor.leaveText'));

  const { handleReload, handleSave, handleDeactivate } = useLetterTemplateSave({
    form,
    record,
    recordId,
    isNew,
    screenPath,
    setSaving,
    setFormError,
    setSavedElsewhere,
  });

  const onPartFocused = (part: TemplateTextPart) => {
    lastUsed.current = part;
  };

  const handleInsert = (key: string) => {
    const target = lastUsed.current;
    const element = (target === 'subject' ? subjectRef : bodyRef).current;
    const text = String(form.getValues(target) ?? '');
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? start;
    const next = insertAtCaret(text, key, start, end);
    form.setValue(target, next.text, { shouldDirty: true, shouldValidate: true });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  // No tags ignored: Ctrl+S saves while typing in a field too.
  useHotkeys([['mod+S', () => void handleSave()]], []);

  const [subject, body, languageId] = useWatch({
    control: form.control,
    name: ['subject', 'body', 'languageId'],
  }) as [string | undefined, string | undefined, number | undefined];

  return {
    isNew,
    record,
    canWrite,
    heldBy,
    readOnly,
    saving,
    formError,
    setFormError,
    savedElsewhere,
    customerId,
    setCustomerId,
    form,
    isDirty,
    subjectRef,
    bodyRef,
    onPartFocused,
    handleReload,
    handleSave,
    handleDeactivate,
    handleInsert,
    subject,
    body,
    languageId,
  };
}
