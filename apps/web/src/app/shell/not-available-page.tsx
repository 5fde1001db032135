/** A catalogue route whose screen is not in this release: a clean page inside the shell. */
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePaths } from '../route-guard';
import { useEntryLabel } from './menu-entry-link';

export function NotAvailablePage({ entry }: { readonly entry: MenuEntry }) {
  const { t } = useTranslation();
  const label = useEntryLabel(entry);
  return (
    <Center mih="60vh">
      <Paper withBorder radius="md" p="xl" maw={520}>
        <Stack gap="sm" align="flex-start">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {entry.longName}
          </Text>
          <Title order={2} size="h3">
            {t('shell.notAvailable.title', { name: label })}
          </Title>
          <Text c="dimmed" size="sm">
            {t('shell.notAvailable.text')}
          </Text>
          <Button component={Link} to={routePaths.home} variant="light">
            {t('shell.notAvailable.back')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
