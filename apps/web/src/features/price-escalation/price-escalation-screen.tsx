/**
 * Product Price Escalation and Quote Price Escalation (`/administration/product-price-escalation`,
 * `/administration/quote-price-escalation`, R-ESC-1..R-ESC-7): choose what to change (system
 * types, product types, products, plants, and for quotes customers and quotes), by a percent or
 * an amount, up or down, from a date; Preview lists every price before and after with counts and
 * totals; Apply asks first; the history below lists what was applied, each with Reverse.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import type { EscalationKind } from '@dispatch/domain/pricing/price-escalation';
import { YesNoDialog } from '../../components/dialogs/yes-no-dialog';
import { EscalationChangePanel } from './escalation-change-panel';
import { EscalationHistoryTable } from './escalation-history-table';
import { EscalationPreviewTable } from './escalation-preview-table';
import { EscalationSelectionPanel } from './escalation-selection-panel';
import { changeText, useMoney } from './price-escalation-text';
import { usePriceEscalation } from './use-price-escalation';

export function ProductPriceEscalationScreen() {
  return <PriceEscalationScreen kind="product" />;
}

export function QuotePriceEscalationScreen() {
  return <PriceEscalationScreen kind="quote" />;
}

function PriceEscalationScreen({ kind }: { kind: EscalationKind }) {
  const { t, i18n } = useTranslation();
  const money = useMoney(i18n.language);
  const entry = menuEntryByEnumId(
    kind === 'product' ? 'ProductPriceEscalation' : 'QuotePriceEscalation',
  );
  const title = entry ? t(entry.translationId, { defaultValue: entry.name }) : '';
  const escalation = usePriceEscalation(kind);
  const { preview, history, reversing } = escalation;

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={2}>{title}</Title>
        <Text size="sm" c="dimmed">
          {t(`priceEscalation.intro.${kind}`)}
        </Text>
      </div>

      <EscalationSelectionPanel
        kind={kind}
        form={escalation.form}
        update={escalation.update}
        selectionError={escalation.selectionError}
      />

      <EscalationChangePanel escalation={escalation} />

      {preview ? (
        <EscalationPreviewTable
          kind={kind}
          preview={preview.answer}
          stale={!escalation.previewIsCurrent}
          money={money}
        />
      ) : null}

      <EscalationHistoryTable
        rows={history.data?.data ?? []}
        loading={history.isPending}
        error={history.isError ? history.error.message : undefined}
        money={money}
        onReverse={escalation.setReversing}
      />

      <YesNoDialog
        opened={escalation.confirming && preview !== null}
        title={t('priceEscalation.confirmTitle')}
        text={
          preview
            ? t('priceEscalation.confirmText', {
                count: preview.answer.totals.count,
                change: changeText(t, money, preview.answer.method, preview.answer.amount),
                date: preview.answer.effectiveDate,
              })
            : ''
        }
        confirmText={t('priceEscalation.apply')}
        denyText={t('priceEscalation.cancel')}
        onConfirm={escalation.onConfirm}
        onDeny={() => escalation.setConfirming(false)}
      />
      <YesNoDialog
        opened={reversing !== null}
        title={t('priceEscalation.reverseTitle')}
        text={
          reversing
            ? t('priceEscalation.reverseText', {
                count: reversing.rowCount,
                date: reversing.effectiveDate,
              })
            : ''
        }
        tone="danger"
        confirmText={t('priceEscalation.reverse')}
        denyText={t('priceEscalation.cancel')}
        onConfirm={escalation.onConfirmReverse}
        onDeny={() => escalation.setReversing(null)}
      />
    </Stack>
  );
}
