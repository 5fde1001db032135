/**
 * The plant form's details tab (R-MAINT-13): the concrete plant details of a concrete plant, the
 * aggregate pit details of a pit, nothing for other plants. Only the details matching the system
 * type are shown; when the user changes the system type, the other kind's details are dropped and
 * the new kind starts from its defaults, so the record obeys the definition's rule before it is
 * sent.
 */
import { useEffect, useRef } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { writableFields } from '@dispatch/domain/resources/define';
import { isTextKind } from '@dispatch/domain/resources/field';
import { plantDetailsOf, plantResource } from '@dispatch/domain/resources/plants';
import { ChildRowsEditor } from '../../resources/child-rows-editor';
import type { FormPanel } from '../../resources/resource-form-page';
import { useResourceAccess } from '../../resources/use-resource-access';
import { dateLocale } from '../../lib/i18n/i18n';

const collections = ['concretePlant', 'aggregatePit'] as const;

/** A details row with every field at its default (one alley, numbering from 1). */
function defaultRow(key: (typeof collections)[number]): Record<string, unknown> {
  return Object.fromEntries(
    writableFields(plantResource.children[key]!.fields).map(([name, field]) => {
      const parsed = field.schema.safeParse(undefined);
      return [name, parsed.success ? parsed.data : isTextKind(field.kind) ? '' : null];
    }),
  );
}

export const PlantDetailsPanel: FormPanel = ({ form, readOnly }) => {
  const { t } = useTranslation();
  const flags = useResourceAccess(plantResource);
  const systemTypeId: unknown = useWatch({ control: form.control, name: 'systemTypeId' });
  const shown = plantDetailsOf(systemTypeId);

  // On every change of system type: the matching details as loaded (or their defaults when the
  // plant had none of this kind), the other kind's dropped. A record as loaded is left as it is.
  const seen = useRef<unknown>(Symbol('none'));
  useEffect(() => {
    if (readOnly || seen.current === systemTypeId) return;
    seen.current = systemTypeId;
    const loaded = form.formState.defaultValues ?? {};
    for (const key of collections) {
      const current = (form.getValues(key) as unknown[] | undefined) ?? [];
      let next: unknown[] = [];
      if (key === shown) {
        if (systemTypeId === loaded.systemTypeId) {
          next = (loaded[key] as unknown[] | undefined) ?? [];
        } else {
          next = current.length > 0 ? current : [defaultRow(key)];
        }
      }
      if (JSON.stringify(next) !== JSON.stringify(current)) {
        form.setValue(key, next, { shouldDirty: true });
      }
    }
  }, [shown, systemTypeId, readOnly, form]);

  const problems = collections.flatMap((key) => {
    const message = form.formState.errors[key]?.message;
    return typeof message === 'string' ? [message] : [];
  });

  return (
    <Stack gap="sm">
      {problems.map((message) => (
        <Alert key={message} color="red" role="alert">
          {message}
        </Alert>
      ))}
      {shown ? (
        <ChildRowsEditor
          key={shown}
          definition={plantResource}
          collection={shown}
          child={plantResource.children[shown]!}
          control={form.control}
          readOnly={readOnly}
          flags={flags}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {systemTypeId === null || systemTypeId === undefined
            ? t('resources.plants.texts.chooseSystemType', {
                defaultValue: 'Choose the system type on the General tab to see its details.',
              })
            : t('resources.plants.texts.noDetails', {
                defaultValue: 'Only concrete plants and aggregate pits have further details.',
              })}
        </Text>
      )}
    </Stack>
  );
};

/** What the batch panel interface last reported, shown on the Operations tab (never edited). */
export const PlantReadingsPanel: FormPanel = ({ record }) => {
  const { t } = useTranslation();
  if (!record) return null;
  const last = record.lastBatchPanelInventory;
  const when =
    typeof last === 'string' && last !== '' ? new Date(last).toLocaleString(dateLocale()) : null;
  return (
    <Text size="sm" c="dimmed">
      {t('resources.plants.fields.lastBatchPanelInventory', {
        defaultValue: plantResource.fields.lastBatchPanelInventory!.label,
      })}
      {': '}
      {when ?? t('resources.plants.texts.never', { defaultValue: 'never' })}
    </Text>
  );
};
