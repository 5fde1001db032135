/** /admin-only (R-ROUTE-3): where a user who is only an administrator lands after login. */
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuditTrailLink } from './audit-trail-link';
import { MenuEntryLink } from './menu-entry-link';
import { useMenu } from './use-menu';

export function AdminOnlyPage() {
  const { t } = useTranslation();
  const menu = useMenu();
  const administration = menu.sections.find((section) => section.group === 'administration');
  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={2}>{t('shell.adminOnly.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('shell.adminOnly.text')}
        </Text>
      </div>
      <Paper withBorder radius="md" p="xs">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={4}>
          {(administration?.entries ?? []).map((entry) => (
            <MenuEntryLink key={entry.id} entry={entry} />
          ))}
          <AuditTrailLink />
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
