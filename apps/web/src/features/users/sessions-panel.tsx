/**
 * A user's sessions and seats (R-USER-3): where and when each began and was last used, with "End
 * session" for one and "End all" for every one. Ended screens are logged out at once
 * (logoutEvent_v1).
 */
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { userSessionSchema } from '@dispatch/domain/users/user-session';
import { apiGet, apiSend } from '../../lib/api-client';
import type { FormPanel } from '../../resources/resource-form-page';

const sessionsAnswer = z.object({ data: z.array(userSessionSchema) });

const sessionsKey = (userId: number) => ['userSessions', userId] as const;

function when(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

export const SessionsPanel: FormPanel = ({ record, readOnly }) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const userId = typeof record?.id === 'number' ? record.id : undefined;
  const username = typeof record?.username === 'string' ? record.username : '';
  const sessions = useQuery({
    queryKey: sessionsKey(userId ?? 0),
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/v1/users/${userId}/sessions`, sessionsAnswer, { signal })).data,
    enabled: userId !== undefined,
    refetchInterval: 30_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsKey(userId ?? 0) });
  const endOne = useMutation({
    mutationFn: (sessionId: number) =>
      apiSend('DELETE', `/api/v1/users/${userId}/sessions/${sessionId}`),
    onSettled: refresh,
  });
  const endAll = useMutation({
    mutationFn: () => apiSend('POST', '/api/v1/admin/sessions/end', { username }),
    onSettled: refresh,
  });

  if (userId === undefined) {
    return (
      <Text size="sm" c="dimmed">
        {t('users.sessionsAfterSave')}
      </Text>
    );
  }
  const rows = sessions.data ?? [];
  const failure = endOne.error ?? endAll.error;
  return (
    <Stack gap="sm" role="group" aria-label={t('users.sessions')}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('users.sessionCount', { count: rows.length })}
        </Text>
        {!readOnly && rows.length > 0 && (
          <Button
            color="red"
            variant="light"
            size="xs"
            loading={endAll.isPending}
            onClick={() => endAll.mutate()}
          >
            {t('users.endAll')}
          </Button>
        )}
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {failure.message}
        </Alert>
      )}
      {rows.length > 0 && (
        <Table striped verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users.started')}</Table.Th>
              <Table.Th>{t('users.lastUsed')}</Table.Th>
              <Table.Th>{t('users.address')}</Table.Th>
              <Table.Th>{t('users.seat')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((session) => (
              <Table.Tr key={session.id}>
                <Table.Td>
                  {when(session.createdAt, i18n.language)}{' '}
                  {session.current && (
                    <Badge size="xs" variant="light">
                      {t('users.thisSession')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{when(session.lastUsedAt, i18n.language)}</Table.Td>
                <Table.Td>{session.ipAddress ?? '—'}</Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {session.seat ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {!readOnly && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      loading={endOne.isPending && endOne.variables === session.id}
                      onClick={() => endOne.mutate(session.id)}
                    >
                      {t('users.endSession')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
};
