/**
 * R-SCALE-3..6: the aggregate screen's scale column: the live scale with its keys, what the last
 * weigh-in did, and the trucks weighed in empty that wait to weigh out loaded. Picking one puts the
 * truck and the tare it weighed in at on the form; the gross taken next completes its ticket
 * (two-pass weighing).
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketEntryChoices } from '@dispatch/domain/dispatch/ticket-entry';
import type { WeighIn } from '@dispatch/domain/tickets/scale-weighings';
import { dateLocale } from '../../lib/i18n/i18n';
import type { ScaleState } from '../../realtime/use-scale';
import { formatWeight, ScalePanel, Section } from './ticket-parts';
import type { useWeighing } from './use-weighing';

export function WeighingPanels(props: {
  weighing: ReturnType<typeof useWeighing>;
  scale: ScaleState;
  choices: TicketEntryChoices | undefined;
  weightUnit: string;
  /** The weigh-in on the form now, if one was picked. */
  chosenWeighIn: number | null;
  disabled: boolean;
}) {
  const { weighing, scale, choices } = props;
  return (
    <>
      <ScalePanel
        reading={scale.reading}
        offline={scale.offline}
        capacity={choices?.plant.scaleCapacity ?? null}
        division={choices?.plant.scaleDivision ?? null}
        weightUnit={props.weightUnit}
        refusal={weighing.taking.refusal}
        onTakeGross={weighing.takeGross}
        onWeighTare={weighing.weighTare}
        disabled={props.disabled}
      />
      {weighing.weighedIn !== null && (
        <Alert
          color="teal"
          variant="light"
          role="status"
          withCloseButton
          onClose={weighing.clearWeighedIn}
        >
          {weighing.weighedIn}
        </Alert>
      )}
      {choices && (
        <WeighInsPanel
          weighIns={choices.weighIns}
          chosen={props.chosenWeighIn}
          onPick={weighing.pickWeighIn}
        />
      )}
    </>
  );
}

export function WeighInsPanel(props: {
  weighIns: WeighIn[];
  chosen: number | null;
  onPick: (weighIn: WeighIn) => void;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('ticketEntry.weighIns')}>
      {props.weighIns.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ticketEntry.noWeighIns')}
        </Text>
      ) : (
        <Stack gap={6}>
          {props.weighIns.map((weighIn) => (
            <Button
              key={weighIn.weighingId}
              variant={props.chosen === weighIn.weighingId ? 'filled' : 'light'}
              justify="flex-start"
              onClick={() => props.onPick(weighIn)}
            >
              {t('ticketEntry.weighInRow', {
                truck: weighIn.truckNumber,
                weight: formatWeight(weighIn.weight, weighIn.unit),
                time: new Date(weighIn.takenAt).toLocaleTimeString(dateLocale(), {
                  hour: 'numeric',
                  minute: '2-digit',
                }),
              })}
            </Button>
          ))}
        </Stack>
      )}
    </Section>
  );
}
