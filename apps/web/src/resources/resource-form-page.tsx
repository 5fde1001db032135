/**
 * One record of a resource, at its own URL (`<screen>/new`, `<screen>/123`): view, create, edit,
 * deactivate (R-MAINT-3). Validated with the definition's own schemas before it is sent, server
 * refusals shown on their fields, a stale save offered a reload (R-CONC-1), the record locked
 * while open for editing (R-MAINT-6), and leaving with unsaved changes asked about first.
 */
import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recordLabel, type ResourceDefinition } from '@dispatch/domain/resources/define';
import { ResourceFormHeader } from './resource-form-header';
import { ResourceFormNotices } from './resource-form-notices';
import { ResourceFormSections, type FormPanels } from './resource-form-sections';
import { formValues } from './resource-form-values';
import { singularName } from './resource-text';
import { useResourceForm } from './use-resource-form';
import { useResourceFormActions } from './use-resource-form-actions';

export type { FormPanel, FormPanels } from './resource-form-sections';

export function ResourceFormPage({
  definition,
  screenPath,
  recordId,
  panels = {},
}: {
  definition: ResourceDefinition;
  screenPath: string;
  recordId: number | undefined;
  panels?: FormPanels;
}) {
  const { t } = useTranslation();
  const editing = useResourceForm(definition, recordId);
  const { flags, isNew, record, form, isDirty, canWrite, readOnly, saving } = editing;
  const { handleReload, handleSave, handleDelete } = useResourceFormActions({
    definition,
    screenPath,
    recordId,
    editing,
  });

  const title = isNew
    ? t('resource.newTitle', {
        defaultValue: 'New {{name}}',
        name: singularName(t, definition).toLowerCase(),
      })
    : record.data
      ? recordLabel(definition, record.data)
      : singularName(t, definition);

  if (!isNew && record.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t('app.loading')} />
      </Group>
    );
  }
  if (!isNew && record.isError) {
    return (
      <Alert
        color="red"
        title={t('resource.loadFailed', { defaultValue: 'The record could not be loaded' })}
      >
        {record.error.message}{' '}
        <Anchor component={Link} to={screenPath}>
          {t('resource.backToList', { defaultValue: 'Back to the list' })}
        </Anchor>
      </Alert>
    );
  }

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate>
      <Stack gap="md" maw={1280}>
        <ResourceFormHeader
          definition={definition}
          screenPath={screenPath}
          title={title}
          record={record.data}
          isNew={isNew}
          isDirty={isDirty}
          canWrite={canWrite}
          readOnly={readOnly}
          saving={saving}
          onDelete={() => void handleDelete()}
          onDiscard={() => form.reset(formValues(definition, record.data))}
        />
        <ResourceFormNotices
          canWrite={canWrite}
          heldBy={editing.heldBy}
          savedElsewhere={editing.savedElsewhere}
          formError={editing.formError}
          onReload={() => void handleReload()}
          onCloseError={() => editing.setFormError(null)}
        />
        <ResourceFormSections
          definition={definition}
          panels={panels}
          form={form}
          record={record.data}
          flags={flags}
          readOnly={readOnly}
          isNew={isNew}
        />
        {record.data && (
          <Text size="xs" c="dimmed">
            {t('resource.lastChange', {
              defaultValue: 'Version {{version}} · last changed {{when}} by {{who}}',
              version: record.data.version,
              when: new Date(record.data.modifiedAt).toLocaleString(),
              who: record.data.modifiedBy || '—',
            })}
          </Text>
        )}
      </Stack>
    </form>
  );
}
