/**
 * A letter template being written (R-CREDIT-6..R-CREDIT-10): name, language, active, subject and
 * letter with merge fields (typed after `{{` or clicked in the list), and beside it the live
 * preview for a chosen customer. Saved through the resource engine: a stale save is a 409 naming
 * who saved (reload or keep editing), a record is locked while edited, unsaved changes are not
 * lost by leaving, and Ctrl+S saves.
 */
import { Alert, Anchor, Breadcrumbs, Grid, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LetterPreview } from './letter-preview';
import { LetterTemplateAlerts } from './letter-template-alerts';
import { LetterTemplateFields } from './letter-template-fields';
import { LetterTemplateTitleBar } from './letter-template-title-bar';
import { valuesOf } from './letter-template-values';
import { MergeFieldList } from './merge-field-list';
import { useLetterTemplateEditor } from './use-letter-template-editor';
import { dateLocale } from '../../lib/i18n/i18n';

export function LetterTemplateEditor({
  recordId,
  screenPath,
}: {
  recordId: number | undefined;
  screenPath: string;
}) {
  const { t } = useTranslation();
  const editor = useLetterTemplateEditor({ recordId, screenPath });
  const { isNew, record, readOnly, isDirty, subject, body, languageId } = editor;

  if (!isNew && record.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t('app.loading')} />
      </Group>
    );
  }
  if (!isNew && record.isError) {
    return (
      <Alert color="red">
        {record.error.message}{' '}
        <Anchor component={Link} to={screenPath}>
          {t('creditLetters.editor.back')}
        </Anchor>
      </Alert>
    );
  }

  const title = isNew ? t('creditLetters.editor.newTitle') : valuesOf(record.data).name;
  return (
    <form onSubmit={(event) => void editor.handleSave(event)} noValidate>
      <Stack gap="md" maw={1400}>
        <Breadcrumbs>
          <Anchor component={Link} to={screenPath}>
            {t('creditLetters.editor.back')}
          </Anchor>
          <Text>{title}</Text>
        </Breadcrumbs>
        <LetterTemplateTitleBar
          title={title}
          inactive={record.data?.inactiveFlag === true}
          isDirty={isDirty}
          isNew={isNew}
          canWrite={editor.canWrite}
          readOnly={readOnly}
          saving={editor.saving}
          onDeactivate={() => void editor.handleDeactivate()}
          onDiscard={() => editor.form.reset(valuesOf(record.data))}
        />
        <LetterTemplateAlerts
          canWrite={editor.canWrite}
          heldBy={editor.heldBy}
          savedElsewhere={editor.savedElsewhere}
          formError={editor.formError}
          onReload={() => void editor.handleReload()}
          onCloseError={() => editor.setFormError(null)}
        />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <LetterTemplateFields
              control={editor.form.control}
              readOnly={readOnly}
              subject={subject}
              body={body}
              subjectRef={editor.subjectRef}
              bodyRef={editor.bodyRef}
              onPartFocused={editor.onPartFocused}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
            <MergeFieldList disabled={readOnly} onInsert={editor.handleInsert} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8, lg: 4 }}>
            <LetterPreview
              text={{ subject: subject ?? '', body: body ?? '', languageId: languageId ?? 1 }}
              customerId={editor.customerId}
              onCustomerChange={editor.setCustomerId}
              savedTemplateId={!isNew && !isDirty ? (recordId ?? null) : null}
            />
          </Grid.Col>
        </Grid>
        {record.data ? (
          <Text size="xs" c="dimmed">
            {t('creditLetters.editor.lastChange', {
              version: record.data.version,
              when: new Date(record.data.modifiedAt).toLocaleString(dateLocale()),
              who: record.data.modifiedBy || '—',
            })}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
