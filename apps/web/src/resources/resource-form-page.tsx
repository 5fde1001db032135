/**
 * One record of a resource, at its own URL (`<screen>/new`, `<screen>/123`): view, create, edit,
 * deactivate (R-MAINT-3). Validated with the definition's own schemas before it is sent, server
 * refusals shown on their fields, a stale save offered a reload (R-CONC-1), the record locked
 * while open for editing (R-MAINT-6), and leaving with unsaved changes asked about first.
 */
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  createSchemaOf,
  recordLabel,
  recordProblems,
  updateSchemaOf,
  writableFields,
  type ResourceDefinition,
} from '@dispatch/domain/resources/define';
import { integer, isTextKind, type Field } from '@dispatch/domain/resources/field';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { askYesNo } from '../components/dialogs/dialog-store';
import { ApiError } from '../lib/api-client';
import { ChildRowsEditor } from './child-rows-editor';
import { FieldInput } from './field-input';
import { deleteRecord, saveRecord, type ResourceRow } from './resource-api';
import { resourceKeys, resourceQueries } from './resource-queries';
import { pluralName, sectionLabel, singularName } from './resource-text';
import { useRecordLock } from './use-record-lock';
import { useResourceAccess } from './use-resource-access';
import { useLeaveGuard } from './use-leave-guard';
import { useResourceLive } from './use-resource-live';
import type { FieldProblem } from '@dispatch/domain/validation/field-problem';

type Values = Record<string, unknown>;

/** Lookup records are keyed by a code the administrator types. */
const codeField = integer({ label: 'Code', required: true });

/** What a field holds in a new record: its schema's default, else "none". */
function newValue(field: Field): unknown {
  const parsed = field.schema.safeParse(undefined);
  if (parsed.success) return parsed.data;
  return isTextKind(field.kind) ? '' : null;
}

/** A new record may start from the URL: `/jobs/maintenance/new?customerId=12`. */
function prefilled(field: Field, text: string | null): unknown {
  if (text === null) return undefined;
  if (isTextKind(field.kind) || field.kind === 'date' || field.kind === 'time') return text;
  if (field.kind === 'flag') return text === 'true';
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

function formValues(
  definition: ResourceDefinition,
  record: ResourceRow | undefined,
  start?: URLSearchParams,
): Values {
  const values: Values = {};
  for (const [name, field] of writableFields(definition.fields)) {
    const given = record ? undefined : prefilled(field, start?.get(name) ?? null);
    values[name] = record ? (record[name] ?? newValue(field)) : (given ?? newValue(field));
  }
  // Read-only fields are shown as the server answers them (never sent: see bodyOf).
  for (const [name, field] of Object.entries(definition.fields)) {
    if (field.readOnly) values[name] = record?.[name] ?? newValue(field);
  }
  if (definition.givenId) values.id = record ? record.id : null;
  for (const key of Object.keys(definition.children)) values[key] = record?.[key] ?? [];
  // R-NATID-1: write-only values are never answered, so their inputs start blank (unchanged).
  for (const name of Object.keys(definition.writeOnly)) values[name] = '';
  return values;
}

/** What is sent: the writable fields the user may send (no prices when they are hidden). */
function bodyOf(
  definition: ResourceDefinition,
  values: Values,
  flags: PermissionFlags,
  version: number | undefined,
): Values {
  const body: Values = {};
  for (const [name, field] of writableFields(definition.fields)) {
    if (field.price && flags.hidePrice) continue;
    body[name] = values[name];
  }
  for (const key of Object.keys(definition.children)) body[key] = values[key];
  // Sent only when given (the schema reads blank as undefined: unchanged); null clears.
  for (const name of Object.keys(definition.writeOnly)) {
    if (values[name] !== undefined) body[name] = values[name];
  }
  if (definition.givenId && version === undefined) body.id = values.id;
  if (version !== undefined) body.version = version;
  return body;
}

function fieldProblems(error: unknown): FieldProblem[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data)
    ? data.filter((item): item is FieldProblem => typeof (item as FieldProblem)?.field === 'string')
    : [];
}

/**
 * What a screen adds to the generic form, per section: a customer's jobs, an employee's masked
 * national identifier. Given the record as loaded (undefined while new) and the form.
 */
export type FormPanel = ComponentType<{
  record: ResourceRow | undefined;
  form: UseFormReturn<FieldValues>;
  readOnly: boolean;
}>;
export type FormPanels = Readonly<Record<string, FormPanel>>;

// eslint-disable-next-line max-lines-per-function -- still to split (godfiles helper ran out of time)
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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

  const sections = definition.sections.filter(
    (section) =>
      section.key in panels ||
      Object.values(definition.fields).some((field) => field.section === section.key) ||
      Object.values(definition.children).some((child) => child.section === section.key),
  );
  const fieldsOf = (section: string) =>
    Object.entries(definition.fields).filter(
      ([, field]) => field.section === section && !(field.price && flags.hidePrice),
    );
  const renderSection = (section: string) => (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        {fieldsOf(section).map(([name, field]) => (
          <div key={name} style={field.kind === 'multiline' ? { gridColumn: '1 / -1' } : undefined}>
            <FieldInput
              definition={definition}
              name={name}
              field={field}
              control={form.control}
              readOnly={readOnly || (field.price && flags.disablePrice)}
              currentLabel={record.data?.labels[name]}
            />
          </div>
        ))}
      </SimpleGrid>
      {Object.entries(definition.children)
        .filter(([, child]) => child.section === section && !child.panel)
        .map(([key, child]) => (
          <ChildRowsEditor
            key={key}
            definition={definition}
            collection={key}
            child={child}
            control={form.control}
            readOnly={readOnly}
            flags={flags}
          />
        ))}
      {panels[section] &&
        (() => {
          const Panel = panels[section];
          return <Panel record={record.data} form={form} readOnly={readOnly} />;
        })()}
    </Stack>
  );

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate>
      <Stack gap="md" maw={1280}>
        <Breadcrumbs>
          <Anchor component={Link} to={screenPath}>
            {pluralName(t, definition)}
          </Anchor>
          <Text>{title}</Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Title order={2}>{title}</Title>
            {record.data?.inactiveFlag === true && (
              <Badge color="gray" variant="light">
                {t('resource.inactiveBadge', { defaultValue: 'Inactive' })}
              </Badge>
            )}
            {isDirty && (
              <Badge color="yellow" variant="light">
                {t('resource.unsaved', { defaultValue: 'Unsaved changes' })}
              </Badge>
            )}
          </Group>
          <Group gap="sm">
            {!isNew &&
              canWrite &&
              !(definition.deactivates && record.data?.inactiveFlag === true) && (
                <Button
                  variant="default"
                  color="red"
                  onClick={() => void handleDelete()}
                  disabled={readOnly}
                >
                  {definition.deactivates
                    ? t('resource.deactivate', { defaultValue: 'Deactivate' })
                    : t('resource.delete', { defaultValue: 'Delete' })}
                </Button>
              )}
            {isDirty && (
              <Button
                variant="default"
                onClick={() => form.reset(formValues(definition, record.data))}
                disabled={saving}
              >
                {t('resource.discard', { defaultValue: 'Discard changes' })}
              </Button>
            )}
            {canWrite && (
              <Button type="submit" loading={saving} disabled={readOnly || (!isDirty && !isNew)}>
                {isNew
                  ? t('resource.create', { defaultValue: 'Create' })
                  : t('resource.save', { defaultValue: 'Save' })}
              </Button>
            )}
          </Group>
        </Group>
        {!canWrite && (
          <Alert color="gray" variant="light">
            {t('resource.readOnlyNotice', {
              defaultValue: 'You can view this record but not change it.',
            })}
          </Alert>
        )}
        {heldBy !== null && (
          <Alert color="yellow" title={t('resource.lockedTitle', { defaultValue: 'Being edited' })}>
            {t('resource.lockedBy', {
              defaultValue: '{{user}} is editing this record. You can edit it when they are done.',
              user: heldBy,
            })}
          </Alert>
        )}
        {savedElsewhere !== null && (
          <Alert
            color="orange"
            title={t('resource.changedTitle', { defaultValue: 'Changed by someone else' })}
          >
            <Group justify="space-between">
              <Text size="sm">
                {t('resource.changedBy', {
                  defaultValue: '{{user}} saved this record while you were editing it.',
                  user: savedElsewhere,
                })}
              </Text>
              <Button size="xs" variant="light" onClick={() => void handleReload()}>
                {t('resource.reload', { defaultValue: 'Reload' })}
              </Button>
            </Group>
          </Alert>
        )}
        {formError !== null && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setFormError(null)}>
            {formError}
          </Alert>
        )}
        <Paper withBorder p="md" radius="md">
          {definition.givenId && isNew && (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="sm">
              <FieldInput
                definition={definition}
                name="id"
                field={codeField}
                control={form.control}
                readOnly={readOnly}
              />
            </SimpleGrid>
          )}
          {sections.length > 1 ? (
            <Tabs defaultValue={sections[0]!.key} keepMounted>
              <Tabs.List mb="md">
                {sections.map((section) => (
                  <Tabs.Tab key={section.key} value={section.key}>
                    {sectionLabel(t, definition, section.key, section.label)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {sections.map((section) => (
                <Tabs.Panel key={section.key} value={section.key}>
                  {renderSection(section.key)}
                </Tabs.Panel>
              ))}
            </Tabs>
          ) : (
            renderSection(sections[0]?.key ?? 'main')
          )}
        </Paper>
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
