/**
 * What a resource record's form warns of (R-MAINT-6, R-CONC-1): the user may only view it,
 * someone else holds it, someone else saved it meanwhile (with a reload), or what went wrong.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ResourceFormNotices({
  canWrite,
  heldBy,
  savedElsewhere,
  formError,
  onReload,
  onCloseError,
}: {
  canWrite: boolean;
  /** Who else is editing the record, if anyone. */
  heldBy: string | null;
  /** Who saved the record while the user was editing it, if anyone. */
  savedElsewhere: string | null;
  formError: string | null;
  onReload: () => void;
  onCloseError: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
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
            <Button size="xs" variant="light" onClick={onReload}>
              {t('resource.reload', { defaultValue: 'Reload' })}
            </Button>
          </Group>
        </Alert>
      )}
      {formError !== null && (
        <Alert color="red" role="alert" withCloseButton onClose={onCloseError}>
          {formError}
        </Alert>
      )}
    </>
  );
}
