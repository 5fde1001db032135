/**
 * How a price escalation changes the prices (R-ESC-1, R-ESC-4): by a percent or an amount, up or
 * down, from a date; then Preview and Apply.
 */
import {
  Alert,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/number-field/number-field';
import { PreviewApplyActions } from '../../components/preview/preview-apply-actions';
import type { PriceEscalation } from './use-price-escalation';

export function EscalationChangePanel({ escalation }: { escalation: PriceEscalation }) {
  const { t } = useTranslation();
  const { form, update, fieldError, refusedNumbers, preview, otherProblem } = escalation;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('priceEscalation.change')}
    >
      <Stack gap="sm">
        <Title order={4}>{t('priceEscalation.change')}</Title>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="escalation-method">
              {t('priceEscalation.method')}
            </Text>
            <SegmentedControl
              aria-labelledby="escalation-method"
              value={form.method}
              onChange={(value) => update({ method: value })}
              data={[
                { value: 'percent', label: t('priceEscalation.percent') },
                { value: 'amount', label: t('priceEscalation.amount') },
              ]}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="escalation-direction">
              {t('priceEscalation.direction')}
            </Text>
            <SegmentedControl
              aria-labelledby="escalation-direction"
              value={form.direction}
              onChange={(value) => update({ direction: value })}
              data={[
                { value: 'raise', label: t('priceEscalation.raise') },
                { value: 'lower', label: t('priceEscalation.lower') },
              ]}
            />
          </Stack>
          <NumberField
            refusals={refusedNumbers}
            label={
              form.method === 'percent'
                ? t('priceEscalation.percentLabel')
                : t('priceEscalation.amountLabel')
            }
            value={form.amount}
            onChange={(value) => update({ amount: typeof value === 'number' ? value : '' })}
            min={0}
            max={form.method === 'percent' ? (form.direction === 'lower' ? 100 : 1000) : 1_000_000}
            decimalScale={form.method === 'percent' ? 4 : 2}
            suffix={form.method === 'percent' ? ' %' : undefined}
            allowNegative={false}
            error={fieldError('amount')}
            w={160}
            required
          />
          <TextInput
            type="date"
            label={t('priceEscalation.effectiveDate')}
            value={form.effectiveDate}
            onChange={(event) => update({ effectiveDate: event.currentTarget.value })}
            error={fieldError('effectiveDate')}
            w={180}
            required
          />
          <TextInput
            label={t('priceEscalation.description')}
            value={form.description}
            onChange={(event) => update({ description: event.currentTarget.value })}
            maxLength={200}
            error={fieldError('description')}
            style={{ flex: 1, minWidth: 220 }}
          />
        </Group>
        <PreviewApplyActions
          previewText={t('priceEscalation.preview')}
          applyText={t('priceEscalation.apply')}
          previewAgainText={t('priceEscalation.previewAgain')}
          onPreview={escalation.onPreview}
          onApply={escalation.onApply}
          previewing={escalation.previewing}
          canPreview={escalation.canPreview}
          previewed={preview !== null}
          current={escalation.previewIsCurrent}
          hasRows={(preview?.answer.rows.length ?? 0) > 0}
        />
        {otherProblem ? (
          <Alert color="red" role="alert">
            {otherProblem}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
