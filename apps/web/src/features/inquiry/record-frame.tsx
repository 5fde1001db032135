/**
 * R-INQ-1: what a ticket's and an invoice's record share: "Back to the search" (and Escape) to the
 * list as the clerk left it, the record once read (a 404 said in the product's words), and its
 * titled sections.
 */
import { Alert, Button, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';

/** "Back to the search": the list as the clerk left it, else the inquiry's own page. */
function useBackToSearch(path: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const back = (location.state as { back?: string } | null)?.back;
  return () => void navigate(back === undefined ? path : `${path}?${back}`);
}

export function RecordFrame<Record>(props: {
  /** The inquiry's list, to go back to. */
  listPath: string;
  record: UseQueryResult<Record>;
  notFound: string;
  children: (record: Record) => ReactNode;
}) {
  const { t } = useTranslation();
  const backToSearch = useBackToSearch(props.listPath);
  useHotkeys([['Escape', backToSearch]]);
  const { record } = props;
  return (
    <Stack gap="md" maw={1280}>
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={backToSearch}>
          {t('inquiry.backToSearch')}
        </Button>
      </Group>
      {record.isError ? (
        <Alert color="red">
          {record.error instanceof ApiError && record.error.status === 404
            ? props.notFound
            : record.error.message}
        </Alert>
      ) : record.data === undefined ? (
        <Loader aria-label={t('app.loading')} />
      ) : (
        props.children(record.data)
      )}
    </Stack>
  );
}

export function RecordSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
