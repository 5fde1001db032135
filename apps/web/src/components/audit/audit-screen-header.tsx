/**
 * The top of an audit screen (R-AUDIT-5, R-OAUD-2): its title and intro, and the CSV export of
 * what the filters show; a failed export is told in a notification, as the list stays usable.
 */
import { Button, Group, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';

export function AuditScreenHeader({
  title,
  intro,
  onExport,
  exportDisabled = false,
}: {
  title: string;
  intro: string;
  onExport: () => Promise<void>;
  exportDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const handleExport = async () => {
    try {
      await onExport();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('auditTrail.exportFailed'),
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <div>
        <Title order={2}>{title}</Title>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      </div>
      <Button variant="default" onClick={() => void handleExport()} disabled={exportDisabled}>
        {t('auditTrail.export')}
      </Button>
    </Group>
  );
}
