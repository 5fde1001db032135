/**
 * A resource record's heading (R-MAINT-3): the way back to its list, its name and state, and
 * Deactivate or Delete, Discard changes, and Create or Save.
 */
import { Anchor, Badge, Breadcrumbs, Button, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import type { ResourceRow } from './resource-api';
import { pluralName } from './resource-text';

export function ResourceFormHeader({
  definition,
  screenPath,
  title,
  record,
  isNew,
  isDirty,
  canWrite,
  readOnly,
  saving,
  onDelete,
  onDiscard,
}: {
  definition: ResourceDefinition;
  screenPath: string;
  title: string;
  /** The record as loaded (undefined while new). */
  record: ResourceRow | undefined;
  isNew: boolean;
  isDirty: boolean;
  canWrite: boolean;
  readOnly: boolean;
  saving: boolean;
  onDelete: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Breadcrumbs>
        <Anchor component={Link} to={screenPath}>
          {pluralName(t, definition)}
        </Anchor>
        <Text>{title}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={2}>{title}</Title>
          {record?.inactiveFlag === true && (
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
          {!isNew && canWrite && !(definition.deactivates && record?.inactiveFlag === true) && (
            <Button variant="default" color="red" onClick={onDelete} disabled={readOnly}>
              {definition.deactivates
                ? t('resource.deactivate', { defaultValue: 'Deactivate' })
                : t('resource.delete', { defaultValue: 'Delete' })}
            </Button>
          )}
          {isDirty && (
            <Button variant="default" onClick={onDiscard} disabled={saving}>
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
    </>
  );
}
