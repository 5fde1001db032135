/**
 * Why the template cannot be changed now (no write access, or locked by another user), that
 * someone else saved it (with a reload), or why the last save failed.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LetterTemplateAlerts({
  canWrite,
  heldBy,
  savedElsewhere,
  formError,
  onReload,
  onCloseError,
}: {
  canWrite: boolean;
  heldBy: string | null;
  savedElsewhere: string | null;
  formError: string | null;
  onReload: () => void;
  onCloseError: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
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
            <Button size="xs" variant="light" onClick={onReload}>
              {t('creditLetters.editor.reload')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {formError !== null ? (
        <Alert color="red" role="alert" withCloseButton onClose={onCloseError}>
          {formError}
        </Alert>
      ) : null}
    </>
  );
}
