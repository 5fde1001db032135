/**
 * A letter template being written (R-CREDIT-6..R-CREDIT-10): name, language, active, subject and
 * letter with merge fields (typed after `{{` or clicked in the list), and beside it the live
 * preview for a chosen customer. Saved through the resource engine: a stale save is a 409 naming
 * who saved (reload or keep editing), a record is locked while edited, unsaved changes are not
 * lost by leaving, and Ctrl+S saves.
 */
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useHotkeys, useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { unknownMergeFieldProblems } from '@dispatch/domain/credit/merge-fields';
import {
  letterTemplateResource,
  templateLanguages,
} from '@dispatch/domain/credit/letter-templates';
import { createSchemaOf, recordProblems, updateSchemaOf } from '@dispatch/domain/resources/define';
import { askYesNo } from '../../components/dialogs/dialog-store';
import { ApiError } from '../../lib/api-client';
import { fieldProblemsOf } from '../../lib/field-problems';
import { deleteRecord, saveRecord, type ResourceRow } from '../../resources/resource-api';
import { resourceKeys, resourceQueries } from '../../resources/resource-queries';
import { useLeaveGuard } from '../../resources/use-leave-guard';
import { useRecordLock } from '../../resources/use-record-lock';
import { useResourceAccess } from '../../resources/use-resource-access';
import { useResourceLive } from '../../resources/use-resource-live';
import { LetterPreview } from './letter-preview';
import { MergeFieldInput, insertAtCaret } from './merge-field-input';
import { MergeFieldList } from './merge-field-list';

const definition = letterTemplateResource;

type Values = {
  name: string;
  languageId: number;
  subject: string;
  body: string;
  inactiveFlag: boolean;
};
const blank: Values = { name: '', languageId: 1, subject: '', body: '', inactiveFlag: false };

function valuesOf(row: ResourceRow | undefined): Values {
  if (!row) return blank;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    name: text(row.name),
    languageId: typeof row.languageId === 'number' ? row.languageId : 1,
    subject: text(row.subject),
    body: text(row.body),
    inactiveFlag: row.inactiveFlag === true,
  };
}

// eslint-disable-next-line max-lines-per-function -- still to split (godfiles helper ran out of time)
export function LetterTemplateEditor({
  recordId,
  screenPath,
}: {
  recordId: number | undefined;
  screenPath: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
  const lastUsed = useRef<'subject' | 'body'>('body');

  useEffect(() => {
    if (record.data && !form.formState.isDirty) form.reset(valuesOf(record.data));
  }, [record.data, form]);

  useResourceLive(definition.name, (change) => {
    if (change.id !== recordId || change.version === record.data?.version) return;
    if (form.formState.isDirty) setSavedElsewhere(change.by);
    else void record.refetch();
  });
  useLeaveGuard(isDirty, saving, t('creditLetters.editor.leaveText'));

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

  useHotkeys([['mod+S', () => void handleSave()]], []);

  const [subject, body, languageId] = useWatch({
    control: form.control,
    name: ['subject', 'body', 'languageId'],
  }) as [string | undefined, string | undefined, number | undefined];
  // The domain's own check, as the text is typed: an unknown field shows before any save (a
  // `{{` still being typed is not a mistake yet; saving checks it).
  const liveProblem = (part: 'subject' | 'body', text: string) =>
    unknownMergeFieldProblems(part, text)[0]?.reason;

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
    <form onSubmit={(event) => void handleSave(event)} noValidate>
      <Stack gap="md" maw={1400}>
        <Breadcrumbs>
          <Anchor component={Link} to={screenPath}>
            {t('creditLetters.editor.back')}
          </Anchor>
          <Text>{title}</Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Group gap="sm">
            <Title order={2}>{title}</Title>
            {record.data?.inactiveFlag === true ? (
              <Badge color="gray" variant="light">
                {t('resource.inactiveBadge', { defaultValue: 'Inactive' })}
              </Badge>
            ) : null}
            {isDirty ? (
              <Badge color="yellow" variant="light">
                {t('creditLetters.editor.unsaved')}
              </Badge>
            ) : null}
          </Group>
          <Group gap="sm">
            {!isNew && canWrite && record.data?.inactiveFlag !== true ? (
              <Button
                variant="default"
                color="red"
                onClick={() => void handleDeactivate()}
                disabled={readOnly}
              >
                {t('creditLetters.editor.deactivate')}
              </Button>
            ) : null}
            {isDirty ? (
              <Button
                variant="default"
                onClick={() => form.reset(valuesOf(record.data))}
                disabled={saving}
              >
                {t('creditLetters.editor.discard')}
              </Button>
            ) : null}
            {canWrite ? (
              <Button type="submit" loading={saving} disabled={readOnly || (!isDirty && !isNew)}>
                {isNew ? t('creditLetters.editor.create') : t('creditLetters.editor.save')}
              </Button>
            ) : null}
          </Group>
        </Group>
        {!canWrite ? (
          <Alert color="gray" variant="light">
            {t('creditLetters.editor.readOnly')}
          </Alert>
        ) : null}
        {heldBy !== null ? (
          <Alert color="yellow" title={t('creditLetters.editor.lockedTitle')}>
            {t('creditLetters.editor.lockedBy', { user: heldBy })}
          </Alert>
        ) : null}
        {savedElsewhere !== null ? (
          <Alert color="orange" title={t('creditLetters.editor.changedTitle')}>
            <Group justify="space-between">
              <Text size="sm">{t('creditLetters.editor.changedBy', { user: savedElsewhere })}</Text>
              <Button size="xs" variant="light" onClick={() => void handleReload()}>
                {t('creditLetters.editor.reload')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {formError !== null ? (
          <Alert color="red" role="alert" withCloseButton onClose={() => setFormError(null)}>
            {formError}
          </Alert>
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Group align="flex-start" gap="md" wrap="wrap">
                  <Controller
                    control={form.control}
                    name="name"
                    render={({ field, fieldState }) => (
                      <TextInput
                        {...field}
                        value={String(field.value ?? '')}
                        label={t('creditLetters.editor.name')}
                        required
                        readOnly={readOnly}
                        error={fieldState.error?.message}
                        style={{ flex: 1, minWidth: 200 }}
                      />
                    )}
                  />
                  <Controller
                    control={form.control}
                    name="languageId"
                    render={({ field }) => (
                      <Stack gap={4}>
                        <Text size="sm" fw={500} id="template-language">
                          {t('creditLetters.editor.language')}
                        </Text>
                        <SegmentedControl
                          aria-labelledby="template-language"
                          readOnly={readOnly}
                          value={String(field.value ?? 1)}
                          onChange={(value) => field.onChange(Number(value))}
                          data={templateLanguages.map((language) => ({
                            value: String(language.value),
                            label: t(`resources.choices.${language.label}`, {
                              defaultValue: language.label,
                            }),
                          }))}
                        />
                      </Stack>
                    )}
                  />
                </Group>
                <Controller
                  control={form.control}
                  name="inactiveFlag"
                  render={({ field }) => (
                    <Switch
                      label={t('creditLetters.editor.active')}
                      description={t('creditLetters.editor.activeHint')}
                      checked={field.value !== true}
                      disabled={readOnly}
                      onChange={(event) => field.onChange(!event.currentTarget.checked)}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="subject"
                  render={({ field, fieldState }) => (
                    <MergeFieldInput
                      name="subject"
                      label={t('creditLetters.editor.subject')}
                      value={String(field.value ?? '')}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      onFocus={() => (lastUsed.current = 'subject')}
                      error={fieldState.error?.message ?? liveProblem('subject', subject ?? '')}
                      readOnly={readOnly}
                      multiline={false}
                      inputRef={subjectRef}
                      required
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="body"
                  render={({ field, fieldState }) => (
                    <MergeFieldInput
                      name="body"
                      label={t('creditLetters.editor.body')}
                      description={t('creditLetters.editor.bodyHint', { braces: '{{' })}
                      value={String(field.value ?? '')}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      onFocus={() => (lastUsed.current = 'body')}
                      error={fieldState.error?.message ?? liveProblem('body', body ?? '')}
                      readOnly={readOnly}
                      multiline
                      inputRef={bodyRef}
                      required
                    />
                  )}
                />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
            <MergeFieldList disabled={readOnly} onInsert={handleInsert} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8, lg: 4 }}>
            <LetterPreview
              text={{ subject: subject ?? '', body: body ?? '', languageId: languageId ?? 1 }}
              customerId={customerId}
              onCustomerChange={setCustomerId}
              savedTemplateId={!isNew && !isDirty ? (recordId ?? null) : null}
            />
          </Grid.Col>
        </Grid>
        {record.data ? (
          <Text size="xs" c="dimmed">
            {t('creditLetters.editor.lastChange', {
              version: record.data.version,
              when: new Date(record.data.modifiedAt).toLocaleString(),
              who: record.data.modifiedBy || '—',
            })}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
