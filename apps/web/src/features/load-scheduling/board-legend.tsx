/** The key to the board's colours: how urgent a load is, the next to send and a cycle's parts. */
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loadSegmentKinds, type LoadUrgency } from '@dispatch/domain/dispatch/board-timeline';
import { segmentColors, urgencyColors } from './board-colors';
import classes from './load-scheduling.module.css';

export function Legend() {
  const { t } = useTranslation();
  const urgencies: LoadUrgency[] = ['pastDue', 'dueSoon', 'later', 'sent'];
  return (
    <Group gap="md" wrap="wrap" aria-label="legend">
      <Group gap={8}>
        {urgencies.map((urgency) => (
          <Group key={urgency} gap={4} wrap="nowrap">
            <span
              className={classes.legendSwatch}
              style={{ border: `2px solid ${urgencyColors[urgency]}` }}
            />
            <Text size="xs">{t(`loadScheduling.urgency.${urgency}`)}</Text>
          </Group>
        ))}
        <Group gap={4} wrap="nowrap">
          <span
            className={classes.legendSwatch}
            style={{
              boxShadow:
                '0 0 0 2px var(--mantine-color-yellow-4), 0 0 6px 2px var(--mantine-color-yellow-5)',
            }}
          />
          <Text size="xs">★ {t('loadScheduling.nextToSend')}</Text>
        </Group>
      </Group>
      <Group gap={8}>
        {loadSegmentKinds.map((kind) => (
          <Group key={kind} gap={4} wrap="nowrap">
            <span className={classes.legendSwatch} style={{ background: segmentColors[kind] }} />
            <Text size="xs">{t(`loadScheduling.segments.${kind}`)}</Text>
          </Group>
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        {t('loadScheduling.keys')}
      </Text>
    </Group>
  );
}
