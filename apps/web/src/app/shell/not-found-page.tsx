/** An address that is no route of the product. */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePaths } from '../route-guard';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2} size="h3">
          {t('shell.notFound.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('shell.notFound.text')}
        </Text>
        <Button component={Link} to={routePaths.home} variant="light">
          {t('shell.notAvailable.back')}
        </Button>
      </Stack>
    </Center>
  );
}
