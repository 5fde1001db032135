/**
 * Product Price Escalation and Quote Price Escalation (`/administration/product-price-escalation`,
 * `/administration/quote-price-escalation`, R-ESC-1..R-ESC-7): choose what to change (system
 * types, product types, products, plants, and for quotes customers and quotes), by a percent or
 * an amount, up or down, from a date; Preview lists every price before and after with counts and
 * totals; Apply asks first; the history below lists what was applied, each with Reverse.
 */
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import type {
  Escalation,
  EscalationKind,
  EscalationMethod,
  EscalationPreview,
  EscalationRequestInput,
} from '@dispatch/domain/pricing/price-escalation';
import { customerResource } from '@dispatch/domain/resources/customers';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { plantResource } from '@dispatch/domain/resources/plants';
import {
  aggregateProductResource,
  blockProductResource,
  concreteProductResource,
  otherProductResource,
} from '@dispatch/domain/resources/products';
import { quoteResource } from '@dispatch/domain/resources/quotes';
import { resourceByName } from '@dispatch/domain/resources/registry';
import { systemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import { YesNoDialog } from '../../components/dialogs/yes-no-dialog';
import { NumberField } from '../../components/number-field/number-field';
import { useRefusedNumbers } from '../../components/number-field/refused-numbers';
import { PreviewApplyActions } from '../../components/preview/preview-apply-actions';
import { ApiError } from '../../lib/api-client';
import { ReferenceMultiSelect } from '../../resources/reference-multi-select';
import {
  applyEscalation,
  escalationHistoryQuery,
  escalationKeys,
  previewEscalation,
  reverseEscalation,
} from './price-escalation-api';

const productTargets = [
  concreteProductResource,
  aggregateProductResource,
  blockProductResource,
  otherProductResource,
];
const productTypeTarget = resourceByName('productTypes');

const noWrap = { whiteSpace: 'nowrap' } as const;

type Direction = 'raise' | 'lower';

type FormState = {
  systemTypeIds: SystemTypeId[];
  productTypeIds: number[];
  productIds: number[];
  plantIds: number[];
  customerIds: number[];
  quoteIds: number[];
  method: EscalationMethod;
  direction: Direction;
  amount: number | '';
  effectiveDate: string;
  description: string;
};

/** The first day of next month: when price lists usually change. */
function firstOfNextMonth(today = new Date()): string {
  const next = new Date(today.getFullYear(), today.getMonth() + 1, 1);
  const month = String(next.getMonth() + 1).padStart(2, '0');
  return `${next.getFullYear()}-${month}-01`;
}

function emptyForm(): FormState {
  return {
    systemTypeIds: [],
    productTypeIds: [],
    productIds: [],
    plantIds: [],
    customerIds: [],
    quoteIds: [],
    method: 'percent',
    direction: 'raise',
    amount: '',
    effectiveDate: firstOfNextMonth(),
    description: '',
  };
}

function requestOf(kind: EscalationKind, form: FormState): EscalationRequestInput {
  const amount = typeof form.amount === 'number' ? form.amount : 0;
  return {
    kind,
    method: form.method,
    amount: form.direction === 'lower' ? -amount : amount,
    effectiveDate: form.effectiveDate,
    description: form.description,
    selection: {
      systemTypeIds: form.systemTypeIds,
      productTypeIds: form.productTypeIds,
      productIds: form.productIds,
      plantIds: form.plantIds,
      ...(kind === 'quote' ? { customerIds: form.customerIds, quoteIds: form.quoteIds } : {}),
    },
  };
}

type FieldErrors = Record<string, string>;

/** A 400's reasons by field; anything else as one message. */
function errorsOf(error: unknown): { fields: FieldErrors; message: string } {
  if (error instanceof ApiError && error.status === 400) {
    const data = (error.body as { data?: unknown } | undefined)?.data;
    if (Array.isArray(data)) {
      const fields: FieldErrors = {};
      for (const problem of data as { field?: unknown; reason?: unknown }[]) {
        if (typeof problem.field === 'string' && typeof problem.reason === 'string') {
          fields[problem.field] = problem.reason;
        }
      }
      return { fields, message: error.message };
    }
  }
  return { fields: {}, message: error instanceof Error ? error.message : String(error) };
}

function useMoney(language: string) {
  const format = new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (value: number) => format.format(value);
}

/** "+3 %" or "−2.50" as the history and the confirmation say it. */
function changeText(
  t: TFunction,
  money: (value: number) => string,
  method: EscalationMethod,
  amount: number,
) {
  const sign = amount < 0 ? '−' : '+';
  return method === 'percent'
    ? t('priceEscalation.percentChange', { sign, value: Math.abs(amount) })
    : `${sign}${money(Math.abs(amount))}`;
}

function systemTypeLabel(t: TFunction, id: number): string {
  const type = systemTypes.find((candidate) => candidate.id === id);
  return type
    ? t(`priceEscalation.systemTypes.${type.key}`, { defaultValue: type.name })
    : String(id);
}

function targetLabel(t: TFunction, target: ResourceDefinition): string {
  return t(`resources.${target.name}.plural`, { defaultValue: target.plural });
}

export function ProductPriceEscalationScreen() {
  return <PriceEscalationScreen kind="product" />;
}

export function QuotePriceEscalationScreen() {
  return <PriceEscalationScreen kind="quote" />;
}

// eslint-disable-next-line max-lines-per-function -- still to split (godfiles helper ran out of time)
function PriceEscalationScreen({ kind }: { kind: EscalationKind }) {
  const { t, i18n } = useTranslation();
  const money = useMoney(i18n.language);
  const queryClient = useQueryClient();
  const entry = menuEntryByEnumId(
    kind === 'product' ? 'ProductPriceEscalation' : 'QuotePriceEscalation',
  );
  const title = entry ? t(entry.translationId, { defaultValue: entry.name }) : '';
  const [form, setForm] = useState<FormState>(emptyForm);
  const [preview, setPreview] = useState<{ key: string; answer: EscalationPreview } | null>(null);
  // R-INPUT-1: nothing is previewed or applied while the amount holds text it refused.
  const refusedNumbers = useRefusedNumbers();
  const [confirming, setConfirming] = useState(false);
  const [reversing, setReversing] = useState<Escalation | null>(null);
  const [problems, setProblems] = useState<{ fields: FieldErrors; message: string } | null>(null);
  const history = useQuery(escalationHistoryQuery(kind));

  const request = requestOf(kind, form);
  const requestKey = JSON.stringify(request);
  const previewIsCurrent = preview !== null && preview.key === requestKey;
  const update = (patch: Partial<FormState>) => {
    setForm((current) => ({ ...current, ...patch }));
    setProblems(null);
  };

  const previewing = useMutation({
    mutationFn: previewEscalation,
    onSuccess: (answer, sent) => {
      setPreview({ key: JSON.stringify(sent), answer });
      setProblems(null);
    },
    onError: (error) => setProblems(errorsOf(error)),
  });
  const applying = useMutation({
    mutationFn: applyEscalation,
    onSuccess: (escalation) => {
      setConfirming(false);
      setPreview(null);
      notifications.show({
        color: 'green',
        message: t('priceEscalation.applied', {
          count: escalation.rowCount,
          date: escalation.effectiveDate,
        }),
      });
      void queryClient.invalidateQueries({ queryKey: escalationKeys.all });
    },
    onError: (error) => {
      setConfirming(false);
      setProblems(errorsOf(error));
    },
  });
  const reverse = useMutation({
    mutationFn: (escalation: Escalation) => reverseEscalation(escalation.id),
    onSuccess: (escalation) => {
      setReversing(null);
      notifications.show({
        color: 'green',
        message: t('priceEscalation.reversed', { count: escalation.rowCount }),
      });
      void queryClient.invalidateQueries({ queryKey: escalationKeys.all });
    },
    onError: (error) => {
      setReversing(null);
      notifications.show({
        color: 'red',
        title: t('priceEscalation.reverseFailed'),
        message: error.message,
      });
    },
  });

  const fieldError = (field: string) => problems?.fields[field];
  const selectionError = Object.entries(problems?.fields ?? {})
    .filter(([field]) => field.startsWith('selection'))
    .map(([, reason]) => reason)
    .join('; ');
  const otherProblem =
    problems && Object.keys(problems.fields).length === 0 ? problems.message : undefined;
  const canPreview =
    typeof form.amount === 'number' && form.amount > 0 && form.effectiveDate !== '';

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={2}>{title}</Title>
        <Text size="sm" c="dimmed">
          {t(`priceEscalation.intro.${kind}`)}
        </Text>
      </div>

      <Paper
        withBorder
        p="md"
        radius="md"
        component="section"
        aria-label={t('priceEscalation.selection')}
      >
        <Stack gap="sm">
          <Title order={4}>{t('priceEscalation.selection')}</Title>
          <Text size="sm" c="dimmed">
            {t('priceEscalation.selectionHint')}
          </Text>
          <Checkbox.Group
            label={t('priceEscalation.systemTypesLabel')}
            value={form.systemTypeIds.map(String)}
            onChange={(values) =>
              update({ systemTypeIds: values.map((value) => Number(value) as SystemTypeId) })
            }
          >
            <Group mt={6} gap="lg">
              {systemTypes.map((type) => (
                <Checkbox
                  key={type.id}
                  value={String(type.id)}
                  label={systemTypeLabel(t, type.id)}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {productTypeTarget ? (
              <ReferenceMultiSelect
                name="productTypeIds"
                targets={[productTypeTarget]}
                label={t('priceEscalation.productTypes')}
                placeholder={t('priceEscalation.all')}
                value={form.productTypeIds}
                onChange={(productTypeIds) => update({ productTypeIds })}
              />
            ) : null}
            <ReferenceMultiSelect
              name="productIds"
              targets={productTargets}
              groupLabel={(target) => targetLabel(t, target)}
              label={t('priceEscalation.products')}
              placeholder={t('priceEscalation.all')}
              value={form.productIds}
              onChange={(productIds) => update({ productIds })}
            />
            <ReferenceMultiSelect
              name="plantIds"
              targets={[plantResource]}
              label={t('priceEscalation.plants')}
              description={t(`priceEscalation.plantsHint.${kind}`)}
              placeholder={t('priceEscalation.all')}
              value={form.plantIds}
              onChange={(plantIds) => update({ plantIds })}
            />
            {kind === 'quote' ? (
              <>
                <ReferenceMultiSelect
                  name="customerIds"
                  targets={[customerResource]}
                  label={t('priceEscalation.customers')}
                  placeholder={t('priceEscalation.all')}
                  value={form.customerIds}
                  onChange={(customerIds) => update({ customerIds })}
                />
                <ReferenceMultiSelect
                  name="quoteIds"
                  targets={[quoteResource]}
                  label={t('priceEscalation.quotes')}
                  description={t('priceEscalation.quotesHint')}
                  placeholder={t('priceEscalation.all')}
                  value={form.quoteIds}
                  onChange={(quoteIds) => update({ quoteIds })}
                />
              </>
            ) : null}
          </SimpleGrid>
          {selectionError ? (
            <Text size="sm" c="red" role="alert">
              {selectionError}
            </Text>
          ) : null}
        </Stack>
      </Paper>

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
              max={
                form.method === 'percent' ? (form.direction === 'lower' ? 100 : 1000) : 1_000_000
              }
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
            onPreview={() => {
              if (!refusedNumbers.focusFirst()) previewing.mutate(request);
            }}
            onApply={() => {
              if (!refusedNumbers.focusFirst()) setConfirming(true);
            }}
            previewing={previewing.isPending}
            canPreview={canPreview}
            previewed={preview !== null}
            current={previewIsCurrent}
            hasRows={(preview?.answer.rows.length ?? 0) > 0}
          />
          {otherProblem ? (
            <Alert color="red" role="alert">
              {otherProblem}
            </Alert>
          ) : null}
        </Stack>
      </Paper>

      {preview ? (
        <PreviewTable
          kind={kind}
          preview={preview.answer}
          stale={!previewIsCurrent}
          money={money}
        />
      ) : null}

      <HistoryTable
        rows={history.data?.data ?? []}
        loading={history.isPending}
        error={history.isError ? history.error.message : undefined}
        money={money}
        onReverse={setReversing}
      />

      <YesNoDialog
        opened={confirming && preview !== null}
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
        onConfirm={() => applying.mutate(request)}
        onDeny={() => setConfirming(false)}
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
        onConfirm={() => reversing && reverse.mutate(reversing)}
        onDeny={() => setReversing(null)}
      />
    </Stack>
  );
}

function PreviewTable(props: {
  kind: EscalationKind;
  preview: EscalationPreview;
  stale: boolean;
  money: (value: number) => string;
}) {
  const { t } = useTranslation();
  const { totals, rows } = props.preview;
  const { money } = props;
  const difference = Math.round((totals.totalAfter - totals.totalBefore) * 100) / 100;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('priceEscalation.previewTitle')}
      style={props.stale ? { opacity: 0.55 } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={4}>{t('priceEscalation.previewTitle')}</Title>
          <Text size="sm" c="dimmed">
            {t('priceEscalation.previewFrom', { date: props.preview.effectiveDate })}
          </Text>
        </Group>
        <Group gap="xs">
          <Badge variant="light" size="lg">
            {t('priceEscalation.count', { count: totals.count })}
          </Badge>
          <Badge variant="light" color="green" size="lg">
            {t('priceEscalation.raised', { count: totals.raised })}
          </Badge>
          <Badge variant="light" color="orange" size="lg">
            {t('priceEscalation.lowered', { count: totals.lowered })}
          </Badge>
          <Badge variant="light" color="gray" size="lg">
            {t('priceEscalation.unchanged', { count: totals.unchanged })}
          </Badge>
          <Text size="sm" ml="sm">
            {t('priceEscalation.totals', {
              before: money(totals.totalBefore),
              after: money(totals.totalAfter),
              difference: `${difference < 0 ? '−' : '+'}${money(Math.abs(difference))}`,
            })}
          </Text>
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('priceEscalation.noRows')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars="y">
            <Table striped highlightOnHover stickyHeader verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  {props.kind === 'quote' ? (
                    <>
                      <Table.Th>{t('priceEscalation.quote')}</Table.Th>
                      <Table.Th>{t('priceEscalation.customer')}</Table.Th>
                    </>
                  ) : null}
                  <Table.Th>{t('priceEscalation.product')}</Table.Th>
                  <Table.Th>{t('priceEscalation.plant')}</Table.Th>
                  <Table.Th ta="right">{t('priceEscalation.before')}</Table.Th>
                  <Table.Th ta="right">{t('priceEscalation.after')}</Table.Th>
                  <Table.Th ta="right">{t('priceEscalation.difference')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const change = Math.round((row.priceAfter - row.priceBefore) * 100) / 100;
                  return (
                    <Table.Tr key={`${row.productId}/${row.plantId}/${row.quoteProductId}`}>
                      {props.kind === 'quote' ? (
                        <>
                          <Table.Td>{row.quoteNumber}</Table.Td>
                          <Table.Td>{row.customerName}</Table.Td>
                        </>
                      ) : null}
                      <Table.Td>
                        {row.productNumber} · {row.productDescription}
                      </Table.Td>
                      <Table.Td>
                        {row.plantName ||
                          (props.kind === 'product' ? t('priceEscalation.everyPlant') : '')}
                      </Table.Td>
                      <Table.Td ta="right">{money(row.priceBefore)}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {money(row.priceAfter)}
                      </Table.Td>
                      <Table.Td
                        ta="right"
                        c={change < 0 ? 'orange.8' : change > 0 ? 'green.8' : 'dimmed'}
                      >
                        {change < 0 ? '−' : '+'}
                        {money(Math.abs(change))}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}

function HistoryTable(props: {
  rows: readonly Escalation[];
  loading: boolean;
  error: string | undefined;
  money: (value: number) => string;
  onReverse(escalation: Escalation): void;
}) {
  const { t, i18n } = useTranslation();
  const { money } = props;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('priceEscalation.history')}
    >
      <Stack gap="sm">
        <Title order={4}>{t('priceEscalation.history')}</Title>
        {props.error ? (
          <Alert color="red">{props.error}</Alert>
        ) : props.loading ? (
          <Text size="sm" c="dimmed">
            {t('app.loading')}
          </Text>
        ) : props.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('priceEscalation.noHistory')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={noWrap}>{t('priceEscalation.effectiveDate')}</Table.Th>
                  <Table.Th>{t('priceEscalation.changeColumn')}</Table.Th>
                  <Table.Th>{t('priceEscalation.description')}</Table.Th>
                  <Table.Th ta="right">{t('priceEscalation.prices')}</Table.Th>
                  <Table.Th ta="right" style={noWrap}>
                    {t('priceEscalation.totalColumn')}
                  </Table.Th>
                  <Table.Th>{t('priceEscalation.appliedColumn')}</Table.Th>
                  <Table.Th miw={140}>{t('priceEscalation.status')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {props.rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td style={noWrap}>{row.effectiveDate}</Table.Td>
                    <Table.Td style={noWrap}>
                      {changeText(t, money, row.method, row.amount)}
                    </Table.Td>
                    <Table.Td>{row.description}</Table.Td>
                    <Table.Td ta="right">{row.rowCount}</Table.Td>
                    <Table.Td ta="right" style={noWrap}>
                      {money(row.totalBefore)} → {money(row.totalAfter)}
                    </Table.Td>
                    <Table.Td>
                      {when.format(new Date(row.appliedAt))} · {row.appliedBy}
                    </Table.Td>
                    <Table.Td style={noWrap}>
                      {row.reversedAt ? (
                        <Stack gap={2} align="flex-start">
                          <Badge color="gray" variant="light">
                            {t('priceEscalation.reversedBadge')}
                          </Badge>
                          <Text size="xs" c="dimmed">
                            {t('priceEscalation.reversedBy', {
                              when: when.format(new Date(row.reversedAt)),
                              who: row.reversedBy,
                            })}
                          </Text>
                        </Stack>
                      ) : (
                        <Badge color="green" variant="light">
                          {t('priceEscalation.appliedBadge')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {row.reversedAt ? null : (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => props.onReverse(row)}
                          aria-label={t('priceEscalation.reverseOne', {
                            date: row.effectiveDate,
                            change: changeText(t, money, row.method, row.amount),
                          })}
                        >
                          {t('priceEscalation.reverse')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
