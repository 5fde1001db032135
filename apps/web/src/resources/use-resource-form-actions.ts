/**
 * What the user does with a resource record (R-MAINT-3, R-CONC-1): save it (Ctrl+S too), the
 * server's refusals on their fields and a stale save offered a reload; deactivate or delete it,
 * asked first; reload it as someone else saved it.
 */
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { recordLabel, type ResourceDefinition } from '@dispatch/domain/resources/define';
import { askYesNo } from '../components/dialogs/dialog-store';
import { ApiError } from '../lib/api-client';
import { deleteRecord, saveRecord } from './resource-api';
import { bodyOf, fieldProblems, formValues } from './resource-form-values';
import { resourceKeys } from './resource-queries';
import type { ResourceForm } from './use-resource-form';

export function useResourceFormActions({
  definition,
  screenPath,
  recordId,
  editing,
}: {
  definition: ResourceDefinition;
  screenPath: string;
  recordId: number | undefined;
  editing: ResourceForm;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { flags, isNew, record, form, setSavedElsewhere, setSaving, setFormError } = editing;

  const handleReload = async () => {
    setSavedElsewhere(null);
    const fresh = await record.refetch();
    if (fresh.data) form.reset(formValues(definition, fresh.data));
  };

  const handleSave = form.handleSubmit(async (values) => {
    setSaving(true);
    setFormError(null);
    try {
      const saved = await saveRecord(
        definition,
        recordId,
        bodyOf(definition, values, flags, isNew ? undefined : record.data?.version),
      );
      queryClient.setQueryData(resourceKeys.record(definition.name, saved.id), saved);
      form.reset(formValues(definition, saved));
      setSavedElsewhere(null);
      notifications.show({
        color: 'teal',
        message: t('resource.saved', {
          defaultValue: '{{name}} saved.',
          name: recordLabel(definition, saved),
        }),
      });
      if (isNew) await navigate(`${screenPath}/${saved.id}`, { replace: true });
    } catch (error) {
      const problems = fieldProblems(error);
      for (const problem of problems) {
        form.setError(
          problem.field,
          { type: 'server', message: problem.reason },
          { shouldFocus: true },
        );
      }
      if (error instanceof ApiError && error.status === 409 && !isNew) {
        const answer = await askYesNo({
          title: t('resource.conflictTitle', { defaultValue: 'Changed by someone else' }),
          text: error.message,
          confirmText: t('resource.reload', { defaultValue: 'Reload' }),
          denyText: t('resource.keepEditing', { defaultValue: 'Keep my changes' }),
        });
        if (answer === 'yes') await handleReload();
        else setFormError(error.message);
      } else if (problems.length === 0) {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setSaving(false);
    }
  });

  const handleDelete = async () => {
    if (!record.data) return;
    const name = recordLabel(definition, record.data);
    const answer = await askYesNo({
      title: definition.deactivates
        ? t('resource.deactivateTitle', { defaultValue: 'Deactivate {{name}}?', name })
        : t('resource.deleteTitle', { defaultValue: 'Delete {{name}}?', name }),
      text: definition.deactivates
        ? t('resource.deactivateText', {
            defaultValue: 'It stays on past records but is no longer offered in pick lists.',
          })
        : t('resource.deleteText', { defaultValue: 'This cannot be undone.' }),
      confirmText: definition.deactivates
        ? t('resource.deactivate', { defaultValue: 'Deactivate' })
        : t('resource.delete', { defaultValue: 'Delete' }),
      denyText: t('resource.cancel', { defaultValue: 'Cancel' }),
    });
    if (answer !== 'yes') return;
    try {
      const result = await deleteRecord(definition, record.data.id, record.data.version);
      form.reset(formValues(definition, result ?? record.data));
      if (result) {
        queryClient.setQueryData(resourceKeys.record(definition.name, result.id), result);
        notifications.show({
          color: 'teal',
          message: t('resource.deactivated', { defaultValue: '{{name}} deactivated.', name }),
        });
      } else {
        await navigate(screenPath);
      }
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    }
  };

  useHotkeys([['mod+S', () => void handleSave()]], []);

  return { handleReload, handleSave, handleDelete };
}
