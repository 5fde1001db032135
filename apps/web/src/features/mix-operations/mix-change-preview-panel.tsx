/**
 * What a global change would write (R-MIX-12): the counts, the mixes it skips and why, and every
 * mix and line before and after; faded once the form no longer asks what was previewed.
 */
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MixChangePreview } from '@dispatch/domain/mixes/mix-design-change';
import { MixChangeTable } from './mix-change-table';
import { MixSection } from './mix-section';

export function MixChangePreviewPanel({
  answer,
  current,
}: {
  answer: MixChangePreview;
  current: boolean;
}) {
  const { t } = useTranslation();
  return (
    <MixSection title={t('mixOperations.change.previewTitle')} dimmed={!current}>
      <Group gap="xs">
        <Badge variant="light" size="lg" tt="none">
          {t('mixOperations.change.mixCount', { count: answer.totals.mixes })}
        </Badge>
        <Badge variant="light" size="lg" color="grape" tt="none">
          {t('mixOperations.change.lineCount', { count: answer.totals.lines })}
        </Badge>
        <Badge variant="light" size="lg" color="teal" tt="none">
          {t('mixOperations.change.plantCount', { count: answer.totals.plants })}
        </Badge>
        <Badge variant="light" size="lg" color="gray" tt="none">
          {t('mixOperations.change.unchanged', { count: answer.totals.unchanged })}
        </Badge>
        {answer.totals.skipped > 0 ? (
          <Badge variant="light" size="lg" color="orange" tt="none">
            {t('mixOperations.change.skipped', { count: answer.totals.skipped })}
          </Badge>
        ) : null}
      </Group>
      {answer.skipped.map((skip) => (
        <Text key={skip.mixId} size="sm" c="orange.8">
          {t(`mixOperations.change.skipReasons.${skip.reason}`, {
            mix: skip.description,
            plant: skip.plantName,
          })}
        </Text>
      ))}
      {answer.mixes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('mixOperations.change.noRows')}
        </Text>
      ) : (
        <MixChangeTable mixes={answer.mixes} label={t('mixOperations.change.previewTitle')} />
      )}
    </MixSection>
  );
}
