/**
 * R-CREDIT-5: a payment typed in on the customer's account: its date, amount and reference, and
 * which invoices it will pay (the oldest due first, as the server applies it). Checked with the
 * schema the server checks with; what the server refuses shows on its field.
 */
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createPaymentBodySchema,
  type CustomerAccount,
} from '@dispatch/domain/credit/credit-letter-schemas';
import { addMoney } from '@dispatch/domain/invoicing/invoice-arithmetic';
import { applyOldestFirst } from '@dispatch/domain/credit/receivables';
import { NumberField } from '../../components/number-field/number-field';
import { useRefusedNumbers } from '../../components/number-field/refused-numbers';
import { fieldProblemsOf, parseProblemsOf, type FieldProblems } from '../../lib/field-problems';
import { recordPayment } from './credit-letters-api';
import { useCreditFormat } from '../../lib/credit-format';

export function PaymentForm({
  account,
  onSaved,
}: {
  account: CustomerAccount;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const format = useCreditFormat();
  const [paymentDate, setPaymentDate] = useState(account.asOf);
  const [amount, setAmount] = useState<number | ''>('');
  const [reference, setReference] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});
  const [saving, setSaving] = useState(false);
  const refusedNumbers = useRefusedNumbers();

  const open = account.openInvoices.map((invoice) => ({
    ...invoice,
    total: invoice.total ?? 0,
    credited: invoice.credited ?? 0,
    paid: invoice.paid ?? 0,
    openAmount: invoice.openAmount ?? 0,
    netDays: account.netDays,
  }));
  const plan = typeof amount === 'number' && amount > 0 ? applyOldestFirst(open, amount) : [];
  const rest =
    typeof amount === 'number' ? addMoney(amount, ...plan.map((part) => -part.amount)) : 0;
  const numberOf = (invoiceId: number) =>
    open.find((invoice) => invoice.invoiceId === invoiceId)?.number ?? invoiceId;

  const handleSave = async () => {
    // R-INPUT-1: an amount holding text it refused is not recorded; the field says why.
    if (refusedNumbers.focusFirst()) return;
    const body = { customerId: account.customerId, paymentDate, amount, reference };
    const checked = createPaymentBodySchema.safeParse(body);
    if (!checked.success) {
      setProblems(parseProblemsOf(checked.error.issues));
      return;
    }
    setSaving(true);
    try {
      const saved = await recordPayment(checked.data);
      notifications.show({
        color: 'teal',
        message: t('creditLetters.payment.saved', { amount: format.money(saved.amount) }),
      });
      setAmount('');
      setReference('');
      setProblems({});
      onSaved();
    } catch (error) {
      const server = fieldProblemsOf(error);
      setProblems(
        Object.keys(server).length > 0
          ? server
          : { body: error instanceof Error ? error.message : String(error) },
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={t('creditLetters.payment.title')}
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('creditLetters.payment.title')}
        </Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label={t('creditLetters.payment.date')}
            value={paymentDate}
            onChange={(event) => setPaymentDate(event.currentTarget.value)}
            error={problems.paymentDate}
            w={160}
          />
          <NumberField
            label={t('creditLetters.payment.amount')}
            refusals={refusedNumbers}
            value={amount}
            onChange={(value) => setAmount(typeof value === 'number' ? value : '')}
            decimalScale={2}
            min={0}
            thousandSeparator=","
            prefix="$"
            error={problems.amount ?? problems.applications}
            w={160}
          />
          <TextInput
            label={t('creditLetters.payment.reference')}
            placeholder={t('creditLetters.payment.referencePlaceholder')}
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={problems.reference}
            maxLength={60}
            w={180}
          />
          <Button mt={25} onClick={() => void handleSave()} loading={saving}>
            {t('creditLetters.payment.save')}
          </Button>
        </Group>
        {problems.body ? (
          <Text size="sm" c="red" role="alert">
            {problems.body}
          </Text>
        ) : null}
        {typeof amount === 'number' && amount > 0 ? (
          <Text size="xs" c="dimmed">
            {plan.length === 0
              ? t('creditLetters.payment.planNone')
              : `${t('creditLetters.payment.plan')} ${plan
                  .map((part) => `${numberOf(part.invoiceId)} (${format.money(part.amount)})`)
                  .join(
                    ', ',
                  )}${rest > 0 ? ` · ${t('creditLetters.payment.planRest', { amount: format.money(rest) })}` : ''}`}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
