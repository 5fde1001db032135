/**
 * R-MIX-12, R-MIX-13: the applied global changes, newest first: when and by whom, the change in
 * words, how many mixes and lines, and whether it was reversed; each opens with every mix and line
 * it wrote, and one not reversed offers Reverse (asked first).
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GlobalMixChange } from '@dispatch/domain/mixes/mix-design-change';
import { YesNoDialog } from '../../components/dialogs/yes-no-dialog';
import { MixChangeTable } from './mix-change-table';
import { MixSection } from './mix-section';
import { mixChangeText } from './mix-change-text';
import { whenText } from './mix-format';
import {
  mixChangeDetailQuery,
  mixChangesQuery,
  mixKeys,
  reverseMixChange,
} from './mix-operations-api';

function ChangeDetails({ change, onClose }: { change: GlobalMixChange; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const detail = useQuery(mixChangeDetailQuery(change.id));
  const title = mixChangeText(t, i18n.language, change);
  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      {detail.data ? (
        <MixChangeTable mixes={detail.data.mixes} label={title} />
      ) : detail.isError ? (
        <Alert color="red">{detail.error.message}</Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t('app.loading')}
        </Text>
      )}
    </Modal>
  );
}

export function MixChangeHistory({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const changes = useQuery(mixChangesQuery());
  const [reversing, setReversing] = useState<GlobalMixChange | null>(null);
  const [open, setOpen] = useState<GlobalMixChange | null>(null);
  const reverse = useMutation({
    mutationFn: (change: GlobalMixChange) => reverseMixChange(change.id),
    onSuccess: (change) => {
      setReversing(null);
      notifications.show({
        color: 'green',
        message: t('mixOperations.change.reversed', { count: change.mixCount }),
      });
      void queryClient.invalidateQueries({ queryKey: mixKeys.all });
    },
    onError: (error) => {
      setReversing(null);
      notifications.show({
        color: 'red',
        title: t('mixOperations.change.reverseFailed'),
        message: error.message,
        autoClose: false,
      });
    },
  });
  const rows = changes.data?.data ?? [];
  return (
    <MixSection title={t('mixOperations.change.history')}>
      {changes.isError ? (
        <Alert color="red">{changes.error.message}</Alert>
      ) : changes.isPending ? (
        <Text size="sm" c="dimmed">
          {t('app.loading')}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('mixOperations.change.noHistory')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing={6} fz="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('mixOperations.change.applied')}</Table.Th>
                <Table.Th>{t('mixOperations.change.changeColumn')}</Table.Th>
                <Table.Th>{t('mixOperations.change.description')}</Table.Th>
                <Table.Th ta="right">{t('mixOperations.change.mixes')}</Table.Th>
                <Table.Th ta="right">{t('mixOperations.change.lines')}</Table.Th>
                <Table.Th>{t('mixOperations.change.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const text = mixChangeText(t, i18n.language, row);
                return (
                  <Table.Tr key={row.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {whenText(i18n.language, row.appliedAt)} · {row.appliedBy}
                    </Table.Td>
                    <Table.Td>{text}</Table.Td>
                    <Table.Td>{row.description}</Table.Td>
                    <Table.Td ta="right">{row.mixCount}</Table.Td>
                    <Table.Td ta="right">{row.lineCount}</Table.Td>
                    <Table.Td>
                      {row.reversedAt ? (
                        <Stack gap={2} align="flex-start">
                          <Badge color="gray" variant="light" tt="none">
                            {t('mixOperations.change.reversedBadge')}
                          </Badge>
                          <Text size="xs" c="dimmed">
                            {t('mixOperations.modifiedBy', {
                              who: row.reversedBy,
                              when: whenText(i18n.language, row.reversedAt),
                            })}
                          </Text>
                        </Stack>
                      ) : (
                        <Badge color="green" variant="light" tt="none">
                          {t('mixOperations.change.appliedBadge')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setOpen(row)}
                          aria-label={t('mixOperations.change.detailsOf', { change: text })}
                        >
                          {t('mixOperations.change.details')}
                        </Button>
                        {canWrite && !row.reversedAt ? (
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            onClick={() => setReversing(row)}
                            aria-label={t('mixOperations.change.reverseOf', { change: text })}
                          >
                            {t('mixOperations.change.reverse')}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {open ? <ChangeDetails change={open} onClose={() => setOpen(null)} /> : null}
      <YesNoDialog
        opened={reversing !== null}
        title={t('mixOperations.change.reverseTitle')}
        text={
          reversing
            ? t('mixOperations.change.reverseText', {
                count: reversing.mixCount,
                change: mixChangeText(t, i18n.language, reversing),
              })
            : ''
        }
        tone="danger"
        confirmText={t('mixOperations.change.reverse')}
        denyText={t('mixOperations.cancel')}
        onConfirm={() => reversing && reverse.mutate(reversing)}
        onDeny={() => setReversing(null)}
      />
    </MixSection>
  );
}
