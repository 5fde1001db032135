/**
 * Rows edited with their record and saved with it (a customer's pricing by date, a quote's
 * products): one line of inputs per row, added and removed in place.
 */
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useFieldArray, type Control, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  writableFields,
  type ChildCollection,
  type ResourceDefinition,
} from '@dispatch/domain/resources/define';
import { isTextKind, type Field } from '@dispatch/domain/resources/field';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { FieldInput } from './field-input';

function newRow(fields: Readonly<Record<string, Field>>): Record<string, unknown> {
  return Object.fromEntries(
    writableFields(fields).map(([name, field]) => {
      const parsed = field.schema.safeParse(undefined);
      return [name, parsed.success ? parsed.data : isTextKind(field.kind) ? '' : null];
    }),
  );
}

export function ChildRowsEditor({
  definition,
  collection,
  child,
  control,
  readOnly,
  flags,
}: {
  definition: ResourceDefinition;
  collection: string;
  child: ChildCollection;
  control: Control<FieldValues>;
  readOnly: boolean;
  flags: PermissionFlags;
}) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control, name: collection, keyName: 'key' });
  const fields = writableFields(child.fields).filter(
    ([, field]) => !(field.price && flags.hidePrice),
  );
  const label = t(`resources.${definition.name}.children.${collection}`, {
    defaultValue: child.label,
  });
  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <Group justify="space-between">
        <Text fw={600}>{label}</Text>
        {!readOnly && !(child.single && rows.fields.length > 0) && (
          <Button size="xs" variant="light" onClick={() => rows.append(newRow(child.fields))}>
            {t('resource.addRow', { defaultValue: 'Add' })}
          </Button>
        )}
      </Group>
      {rows.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('resource.noRows', { defaultValue: 'None yet.' })}
        </Text>
      )}
      {rows.fields.map((row, index) => (
        <Paper key={row.key} withBorder p="sm" radius="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            {fields.map(([name, field]) => (
              <div key={name} style={{ minWidth: 160, flex: '1 1 160px' }}>
                <FieldInput
                  definition={definition}
                  name={name}
                  path={`${collection}.${index}.${name}`}
                  field={field}
                  control={control}
                  readOnly={readOnly || (field.price && flags.disablePrice)}
                />
              </div>
            ))}
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('resource.removeRow', {
                  defaultValue: 'Remove row {{n}}',
                  n: index + 1,
                })}
                onClick={() => rows.remove(index)}
                mb={4}
              >
                ×
              </ActionIcon>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
