/** A route that failed to resolve (a chunk that did not load, a loader error): logged and shown. */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { warnings } from '@dispatch/domain/messages';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { logger } from '../lib/logger';

export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    logger.warn(warnings.routeResolveFailed, error);
  }, [error]);
  const handleReload = () => window.location.reload();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <Title order={2}>{t('shell.routeError.title')}</Title>
        <Text c="dimmed">{t('shell.routeError.text')}</Text>
        <Button onClick={handleReload}>{t('shell.routeError.reload')}</Button>
      </Stack>
    </Center>
  );
}
