/**
 * Saving a letter template through the resource engine: its problems beside their fields, a stale
 * save (409) offered a reload or kept for more editing; deactivating it; reloading it.
 */
import { notifications } from '@mantine/notifications';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { letterTemplateResource } from '@dispatch/domain/credit/letter-templates';
import { askYesNo } from '../../components/dialogs/dialog-store';
import { ApiError } from '../../lib/api-client';
import { fieldProblemsOf } from '../../lib/field-problems';
import { deleteRecord, saveRecord, type ResourceRow } from '../../resources/resource-api';
import { resourceKeys } from '../../resources/resource-queries';
import { valuesOf } from './letter-template-values';

const definition = letterTemplateResource;

export function useLetterTemplateSave({
  form,
  record,
  recordId,
  isNew,
  screenPath,
  setSaving,
  setFormError,
  setSavedElsewhere,
}: {
  form: UseFormReturn<FieldValues>;
  record: UseQueryResult<ResourceRow>;
  recordId: number | undefined;
  isNew: boolean;
  screenPath: string;
  setSaving: (saving: boolean) => void;
  setFormError: (error: string | null) => void;
  setSavedElsewhere: (user: string | null) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const handleReload = async () => {
    setSavedElsewhere(null);
    const fresh = await record.refetch();
    if (fresh.data) form.reset(valuesOf(fresh.data));
  };

  const handleSave = form.handleSubmit(async (values) => {
    setSaving(true);
    setFormError(null);
    try {
      const body = isNew ? values : { ...values, version: record.data?.version };
      const saved = await saveRecord(definition, recordId, body);
      queryClient.setQueryData(resourceKeys.record(definition.name, saved.id), saved);
      form.reset(valuesOf(saved));
      setSavedElsewhere(null);
      notifications.show({
        color: 'teal',
        message: t('creditLetters.editor.saved', { name: valuesOf(saved).name }),
      });
      if (isNew) await navigate(`${screenPath}/${saved.id}`, { replace: true });
    } catch (error) {
      const problems = fieldProblemsOf(error);
      for (const [field, reason] of Object.entries(problems)) {
        form.setError(field, { type: 'server', message: reason }, { shouldFocus: true });
      }
      if (error instanceof ApiError && error.status === 409 && !isNew) {
        const answer = await askYesNo({
          title: t('creditLetters.editor.changedTitle'),
          text: error.message,
          confirmText: t('creditLetters.editor.reload'),
          denyText: t('creditLetters.editor.keepEditing'),
        });
        if (answer === 'yes') await handleReload();
        else setFormError(error.message);
      } else if (Object.keys(problems).length === 0) {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setSaving(false);
    }
  });

  const handleDeactivate = async () => {
    if (!record.data) return;
    try {
      const result = await deleteRecord(definition, record.data.id, record.data.version);
      if (result) {
        queryClient.setQueryData(resourceKeys.record(definition.name, result.id), result);
        form.reset(valuesOf(result));
      }
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    }
  };

  return { handleReload, handleSave, handleDeactivate };
}
