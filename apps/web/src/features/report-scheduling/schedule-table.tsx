/**
 * The schedules (R-RSCHED-1, R-RSCHED-11): each with its report and period, when it runs, who
 * gets it, its next run on the server's clock and how its last run went (e-mail skipped says
 * why), with Run now, edit and remove.
 */
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportSchedule } from '@dispatch/domain/report-schedules/report-schedule-schemas';
import { jobStateColors } from '../../components/jobs/job-card';
import { useReportTexts } from '../../components/reports/report-texts';
import { onServerClock, useScheduleWords } from './schedule-words';

type ScheduleTableProps = {
  schedules: readonly ReportSchedule[];
  running: number | null;
  onEdit: (schedule: ReportSchedule) => void;
  onRun: (schedule: ReportSchedule) => void;
  onDelete: (schedule: ReportSchedule) => void;
};

function Recipients({ schedule }: { schedule: ReportSchedule }) {
  const { t } = useTranslation();
  const users = schedule.recipientUserIds.map(
    (id) => schedule.recipientUsers[String(id)] ?? `#${id}`,
  );
  return (
    <Stack gap={0}>
      {users.length ? (
        <Text size="sm">{t('reportScheduling.inboxTo', { names: users.join(', ') })}</Text>
      ) : null}
      {schedule.recipientEmails.length ? (
        <Text size="sm" c="dimmed">
          {t('reportScheduling.emailTo', { addresses: schedule.recipientEmails.join(', ') })}
        </Text>
      ) : null}
    </Stack>
  );
}

export function ScheduleTable({ schedules, running, onEdit, onRun, onDelete }: ScheduleTableProps) {
  const { t } = useTranslation();
  const texts = useReportTexts();
  const words = useScheduleWords();
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('reportScheduling.listLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reportScheduling.name')}</Table.Th>
            <Table.Th>{t('reportScheduling.when')}</Table.Th>
            <Table.Th>{t('reportScheduling.recipients')}</Table.Th>
            <Table.Th>{t('reportScheduling.nextRun')}</Table.Th>
            <Table.Th>{t('reportScheduling.lastRun')}</Table.Th>
            <Table.Th aria-label={t('reportScheduling.actions')} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedules.map((schedule) => (
            <Table.Tr key={schedule.id}>
              <Table.Td>
                <Anchor component="button" type="button" fw={600} onClick={() => onEdit(schedule)}>
                  {schedule.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {texts.title(schedule.reportKey)} · {t(`reports.periods.${schedule.period}`)} ·{' '}
                  {schedule.formats.map((format) => t(`reports.formatNames.${format}`)).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{words.timing(schedule)}</Text>
                {schedule.active ? null : (
                  <Badge size="xs" color="gray" variant="light">
                    {t('reportScheduling.inactive')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Recipients schedule={schedule} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{words.next(schedule)}</Text>
              </Table.Td>
              <Table.Td>
                {schedule.lastRun ? (
                  <Stack gap={2}>
                    <Group gap={6}>
                      <Badge
                        size="sm"
                        variant="light"
                        color={jobStateColors[schedule.lastRun.state]}
                      >
                        {t(`backgroundJobs.states.${schedule.lastRun.state}`)}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {onServerClock(schedule.lastRun.at, schedule.timeZone)}
                      </Text>
                    </Group>
                    {schedule.lastRun.message ? (
                      <Text
                        size="xs"
                        c={schedule.lastRun.state === 'failed' ? 'red.7' : 'dimmed'}
                        lineClamp={2}
                      >
                        {schedule.lastRun.message}
                      </Text>
                    ) : null}
                    {words.delivery(schedule.lastRun) ? (
                      <Text size="xs">{words.delivery(schedule.lastRun)}</Text>
                    ) : null}
                    {schedule.lastRun.emailMessage && schedule.lastRun.email !== 'sent' ? (
                      <Text
                        size="xs"
                        c={schedule.lastRun.email === 'failed' ? 'red.7' : 'orange.8'}
                      >
                        {schedule.lastRun.emailMessage}
                      </Text>
                    ) : null}
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('reportScheduling.neverRun')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    loading={running === schedule.id}
                    onClick={() => onRun(schedule)}
                    aria-label={t('reportScheduling.runNowOf', { name: schedule.name })}
                  >
                    {t('reportScheduling.runNow')}
                  </Button>
                  <Tooltip label={t('reportScheduling.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onDelete(schedule)}
                      aria-label={t('reportScheduling.deleteOf', { name: schedule.name })}
                    >
                      <svg
                        width="16"
                        height="16"
                        viewBox="0 0 24 24"
                        fill="none"
                        aria-hidden="true"
                      >
                        <path
                          d="M5 7h14M10 11v6M14 11v6M6 7l1 12h10l1-12M9 7V4h6v3"
                          stroke="currentColor"
                          strokeWidth="2"
                          strokeLinecap="round"
                          strokeLinejoin="round"
                        />
                      </svg>
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
