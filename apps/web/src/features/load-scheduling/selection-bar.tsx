/**
 * The bar above the board (R-BOARD-33, R-BOARD-36, R-BOARD-39, R-DELIV-6): the load selected, who
 * holds its order, why it will not go or which truck D sends, and its ticket's Reprint and
 * returned concrete.
 */
import { Alert, Button, Group, Kbd, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { whyNotSent, type BoardSelection } from './board-selection';
import type { ReturnedConcreteTarget } from './returned-concrete-dialog';

export function SelectionBar({
  selected,
  canWrite,
  heldBy,
  formatTime,
  onReprint,
  onReturned,
}: {
  selected: BoardSelection;
  canWrite: boolean;
  heldBy: string | null;
  formatTime: (at: number) => string;
  onReprint: (ticketId: number) => void;
  onReturned: (target: ReturnedConcreteTarget) => void;
}) {
  const { t } = useTranslation();
  if (!canWrite) {
    return (
      <Alert color="gray" py={6}>
        <Text size="sm">{t('loadScheduling.readOnly')}</Text>
      </Alert>
    );
  }
  if (!selected) {
    return (
      <Alert color="petrol" variant="light" py={6}>
        <Text size="sm">{t('loadScheduling.selectHint')}</Text>
      </Alert>
    );
  }
  const { order, load, plant } = selected;
  const first = plant?.yard[0];
  const why = whyNotSent(t, order, load);
  return (
    <Alert color={heldBy ? 'orange' : 'petrol'} variant="light" py={6} role="status">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('loadScheduling.selected', {
            load: load.loadNumber,
            order: order.number,
            customer: order.customerName,
            quantity: load.quantity,
            unit: order.unitOfMeasure,
            time: formatTime(Date.parse(load.projected.ticketTime)),
          })}
        </Text>
        <Group gap="xs">
          {heldBy && (
            <Text size="sm" c="orange.8" fw={600}>
              {t('loadScheduling.lockedBy', { user: heldBy, order: order.number })}
            </Text>
          )}
          {load.printFailure && load.ticketId !== null && (
            <Group gap={6} wrap="nowrap">
              <Text size="sm" c="red.8" fw={600}>
                {t('loadScheduling.printFailure', {
                  ticket: load.ticketNumber ?? '',
                  reason: load.printFailure,
                })}
              </Text>
              <Button
                size="compact-xs"
                color="red"
                variant="light"
                aria-label={t('loadScheduling.reprintTicket', { ticket: load.ticketNumber ?? '' })}
                onClick={() => onReprint(load.ticketId!)}
              >
                {t('loadScheduling.reprint')}
              </Button>
            </Group>
          )}
          {load.ticketId !== null && (
            // R-DELIV-6: what came back on the load comes off what it delivered.
            <Button
              size="compact-xs"
              variant="light"
              aria-label={t('loadScheduling.returnedConcreteTicket', {
                ticket: load.ticketNumber ?? '',
              })}
              onClick={() =>
                onReturned({
                  ticketId: load.ticketId!,
                  ticketNumber: load.ticketNumber,
                  orderNumber: order.number,
                  unit: order.unitOfMeasure,
                })
              }
            >
              {t('loadScheduling.returnedConcrete')}
            </Button>
          )}
          <Text size="sm" c={why && load.ticketId === null ? 'orange.9' : undefined}>
            {why ? (
              why
            ) : first ? (
              <>
                <Kbd>D</Kbd>{' '}
                {t('loadScheduling.sendHint', {
                  truck: first.identificationNumber,
                  plant: plant.description,
                })}
              </>
            ) : (
              t('loadScheduling.noTruck', { plant: plant?.description ?? '' })
            )}
          </Text>
        </Group>
      </Group>
    </Alert>
  );
}
