/** The template's title with its inactive and unsaved badges, and deactivate, discard and save. */
import { Badge, Button, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LetterTemplateTitleBar({
  title,
  inactive,
  isDirty,
  isNew,
  canWrite,
  readOnly,
  saving,
  onDeactivate,
  onDiscard,
}: {
  title: string;
  inactive: boolean;
  isDirty: boolean;
  isNew: boolean;
  canWrite: boolean;
  readOnly: boolean;
  saving: boolean;
  onDeactivate: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Group gap="sm">
        <Title order={2}>{title}</Title>
        {inactive ? (
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
        {!isNew && canWrite && !inactive ? (
          <Button variant="default" color="red" onClick={onDeactivate} disabled={readOnly}>
            {t('creditLetters.editor.deactivate')}
          </Button>
        ) : null}
        {isDirty ? (
          <Button variant="default" onClick={onDiscard} disabled={saving}>
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
  );
}
