/** R-BOARD-38: a truck flagged needs wash is sent only once the dispatcher says so. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The truck flagged needs wash the dispatcher is asked about. */
export type WashQuestion = {
  loadId: number;
  truckId: number;
  truck: string;
  load: number;
  order: number;
};

export function WashQuestionDialog({
  question,
  onClose,
  onConfirm,
}: {
  question: WashQuestion | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={question !== null}
      onClose={onClose}
      title={t('loadScheduling.needsWash.title', { truck: question?.truck ?? '' })}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          {t('loadScheduling.needsWash.text', {
            truck: question?.truck ?? '',
            load: question?.load ?? '',
            order: question?.order ?? '',
          })}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('loadScheduling.needsWash.cancel')}
          </Button>
          <Button color="orange" onClick={onConfirm} data-autofocus>
            {t('loadScheduling.needsWash.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
