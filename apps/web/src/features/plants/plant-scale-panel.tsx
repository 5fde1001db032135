/**
 * R-SCALE-1, R-SCALE-3: the plant form's Scale section shows the pit's scale as the server reads
 * it now, through the protocol and address saved above: the live weight, the indicator's status
 * and whether the link is up, so a technician can check the wiring. A change saved here takes
 * effect within seconds, without a restart.
 */
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { systemTypeIds } from '@dispatch/domain/system-types';
import type { FormPanel } from '../../resources/resource-form-page';
import { scaleStatusColors, useScale } from '../../realtime/use-scale';
import { dateLocale } from '../../lib/i18n/i18n';

/** English for the section (Spanish: lib/i18n/es-resources/plants.ts). */
const scaleTexts = {
  scaleOnlyPits: 'Only an aggregate pit has a truck scale; save the pit to see its scale live.',
  liveScale: 'Live reading',
  liveWeight: 'Live weight',
  hubOffline: 'The dispatcher is not connected: the reading cannot be shown.',
  scaleWaiting: 'Connecting to the scale…',
  scaleConnected: 'Connected · last reading {{time}}',
  scaleDisconnected: 'Not connected: check the protocol, the address and the cable.',
} as const;

function useScaleText() {
  const { t } = useTranslation();
  return (key: keyof typeof scaleTexts, values: Record<string, string> = {}) =>
    t(`resources.plants.texts.${key}`, { defaultValue: scaleTexts[key], ...values });
}

export const PlantScalePanel: FormPanel = ({ record }) => {
  const text = useScaleText();
  const pit =
    record !== undefined &&
    record.systemTypeId === systemTypeIds.aggregate &&
    typeof record.id === 'number';
  if (!pit) {
    return (
      <Text size="sm" c="dimmed">
        {text('scaleOnlyPits')}
      </Text>
    );
  }
  return <LiveScale plantId={record.id} />;
};

function LiveScale({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const text = useScaleText();
  const { reading, offline } = useScale(plantId);
  const connected = reading !== null && reading.status !== 'disconnected';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={text('liveScale')}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {text('liveScale')}
          </Text>
          <Text size="sm" c={connected ? 'teal' : 'red'} role="status">
            {offline
              ? text('hubOffline')
              : reading === null
                ? text('scaleWaiting')
                : connected
                  ? text('scaleConnected', {
                      time: new Date(reading.readAt).toLocaleTimeString(dateLocale()),
                    })
                  : text('scaleDisconnected')}
          </Text>
        </Stack>
        {reading && (
          <Badge color={scaleStatusColors[reading.status]} variant="filled" size="lg">
            {t(`ticketEntry.status.${reading.status}`)}
          </Badge>
        )}
      </Group>
      <Text ff="monospace" fw={700} ta="right" size="2.25rem" aria-label={text('liveWeight')}>
        {connected ? `${reading.weight.toLocaleString(dateLocale())} ${reading.unit}` : '—'}
      </Text>
    </Paper>
  );
}
