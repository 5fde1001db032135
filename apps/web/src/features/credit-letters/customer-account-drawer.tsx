/**
 * R-CREDIT-16: one customer's account beside the list: where it stands (balance, past due, oldest
 * days, limit, aging), the open invoices with their due dates, the payments (recorded here, or
 * removed when entered in error) and the letters the customer was sent.
 */
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  CustomerAccount,
  CustomerPayment,
} from '@dispatch/domain/credit/credit-letter-schemas';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { askYesNo } from '../../components/dialogs/dialog-store';
import { creditKeys } from '../../data/credit-letters/credit-letter-keys';
import { accountQuery, removePayment } from './credit-letters-api';
import { useCreditFormat, type CreditFormat } from '../../lib/credit-format';
import { PaymentForm } from './payment-form';
import { lookupText } from '../../lib/i18n/lookup-text';

const right = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

function Figure({
  label,
  value,
  tone,
}: {
  label: string;
  value: string;
  tone?: string | undefined;
}) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} c={tone}>
        {value}
      </Text>
    </Paper>
  );
}

function AccountFigures({ account, format }: { account: CustomerAccount; format: CreditFormat }) {
  const { t } = useTranslation();
  const shown = account.balance !== undefined;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      {shown ? (
        <Figure label={t('creditLetters.account.balance')} value={format.money(account.balance)} />
      ) : null}
      {shown ? (
        <Figure
          label={t('creditLetters.account.pastDue')}
          value={format.money(account.pastDueAmount)}
          tone={account.pastDueAmount ? 'red.8' : undefined}
        />
      ) : null}
      <Figure
        label={t('creditLetters.account.days')}
        value={t('creditLetters.account.daysValue', { count: account.daysPastDue })}
        tone={account.daysPastDue > 30 ? 'red.8' : undefined}
      />
      {shown ? (
        <Figure
          label={t('creditLetters.account.limit')}
          value={
            account.creditLimit === null || account.creditLimit === undefined
              ? t('creditLetters.noLimit')
              : format.money(account.creditLimit)
          }
          tone={account.overLimit ? 'red.8' : undefined}
        />
      ) : null}
    </SimpleGrid>
  );
}

function Aging({ account, format }: { account: CustomerAccount; format: CreditFormat }) {
  const { t } = useTranslation();
  if (!account.aging) return null;
  const buckets = ['current', 'days1To30', 'days31To60', 'days61To90', 'over90'] as const;
  return (
    <Table withTableBorder fz="sm" aria-label={t('creditLetters.account.aging')}>
      <Table.Thead>
        <Table.Tr>
          {buckets.map((bucket) => (
            <Table.Th key={bucket} style={right}>
              {t(`creditLetters.account.${bucket}`)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          {buckets.map((bucket) => (
            <Table.Td key={bucket} style={right}>
              {format.money(account.aging![bucket])}
            </Table.Td>
          ))}
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function OpenInvoices({ account, format }: { account: CustomerAccount; format: CreditFormat }) {
  const { t } = useTranslation();
  const shown = account.balance !== undefined;
  if (account.openInvoices.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('creditLetters.account.noInvoices')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={shown ? 620 : 360}>
      <Table fz="sm" verticalSpacing={4} aria-label={t('creditLetters.account.invoices')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('creditLetters.account.invoice')}</Table.Th>
            <Table.Th>{t('creditLetters.account.invoiceDate')}</Table.Th>
            <Table.Th>{t('creditLetters.account.dueDate')}</Table.Th>
            {shown ? <Table.Th style={right}>{t('creditLetters.account.total')}</Table.Th> : null}
            {shown ? <Table.Th style={right}>{t('creditLetters.account.paid')}</Table.Th> : null}
            {shown ? <Table.Th style={right}>{t('creditLetters.account.open')}</Table.Th> : null}
            <Table.Th style={right}>{t('creditLetters.columns.days')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {account.openInvoices.map((invoice) => (
            <Table.Tr key={invoice.invoiceId}>
              <Table.Td>{invoice.number}</Table.Td>
              <Table.Td>{format.day(invoice.invoiceDate)}</Table.Td>
              <Table.Td>{format.day(invoice.dueDate)}</Table.Td>
              {shown ? <Table.Td style={right}>{format.money(invoice.total)}</Table.Td> : null}
              {shown ? (
                <Table.Td style={right}>
                  {format.money((invoice.paid ?? 0) - (invoice.credited ?? 0))}
                </Table.Td>
              ) : null}
              {shown ? (
                <Table.Td style={right} fw={600}>
                  {format.money(invoice.openAmount)}
                </Table.Td>
              ) : null}
              <Table.Td style={right}>
                {invoice.daysPastDue > 0 ? (
                  <Badge color={invoice.daysPastDue > 30 ? 'red' : 'yellow'} variant="light">
                    {invoice.daysPastDue}
                  </Badge>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Payments(props: {
  account: CustomerAccount;
  format: CreditFormat;
  canRemove: boolean;
  onRemove: (payment: CustomerPayment) => void;
}) {
  const { t } = useTranslation();
  const { account, format } = props;
  if (account.payments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('creditLetters.account.noPayments')}
      </Text>
    );
  }
  return (
    <Stack gap={6} role="list" aria-label={t('creditLetters.account.payments')}>
      {account.payments.map((payment) => (
        <Paper key={payment.id} withBorder radius="sm" px="sm" py={6} role="listitem">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <div>
              <Text size="sm" fw={600}>
                {format.day(payment.paymentDate)}
                {payment.amount !== undefined ? ` · ${format.money(payment.amount)}` : ''}
                {payment.reference ? ` · ${payment.reference}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {[
                  payment.applications.length > 0
                    ? `${t('creditLetters.account.appliedTo')} ${payment.applications
                        .map((application) => application.invoiceNumber)
                        .join(', ')}`
                    : null,
                  payment.unapplied
                    ? t('creditLetters.account.unapplied', {
                        amount: format.money(payment.unapplied),
                      })
                    : null,
                  payment.createdBy,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
            {props.canRemove ? (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => props.onRemove(payment)}
              >
                {t('creditLetters.account.remove')}
              </Button>
            ) : null}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export function CustomerAccountDrawer(props: {
  customerId: number | null;
  customerName: string;
  flags: PermissionFlags;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useCreditFormat();
  const queryClient = useQueryClient();
  const account = useQuery({
    ...accountQuery(props.customerId ?? 0),
    enabled: props.customerId !== null,
  });
  const mayPay = !props.flags.readOnly && !props.flags.hidePrice && !props.flags.disablePrice;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: creditKeys.all });

  const handleRemove = async (payment: CustomerPayment) => {
    const amount = format.money(payment.amount);
    const answer = await askYesNo({
      title: t('creditLetters.account.removeTitle'),
      text: t('creditLetters.account.removeText', {
        amount,
        date: format.day(payment.paymentDate),
      }),
      confirmText: t('creditLetters.account.remove'),
      denyText: t('resource.cancel', { defaultValue: 'Cancel' }),
    });
    if (answer !== 'yes') return;
    try {
      await removePayment(payment.id);
      notifications.show({ color: 'teal', message: t('creditLetters.account.removed') });
      refresh();
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };

  const data = account.data;
  return (
    <Drawer
      opened={props.customerId !== null}
      onClose={props.onClose}
      position="right"
      size="xl"
      title={
        <Title order={3}>
          {t('creditLetters.account.title', { customer: props.customerName })}
        </Title>
      }
    >
      {account.isPending ? (
        <Group justify="center" p="xl">
          <Loader aria-label={t('app.loading')} />
        </Group>
      ) : account.isError ? (
        <Alert color="red">{account.error.message}</Alert>
      ) : data ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {[
              t('creditLetters.account.number', { number: data.customerNumber }),
              data.creditStatus && lookupText('creditStatuses', data.creditStatus),
              data.terms && lookupText('termsDiscounts', data.terms),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <AccountFigures account={data} format={format} />
          {data.overLimit && data.overLimitAmount !== undefined ? (
            <Alert color="red" variant="light">
              {t('creditLetters.overLimitBadge', { amount: format.money(data.overLimitAmount) })}
            </Alert>
          ) : null}
          <Aging account={data} format={format} />
          <Title order={5}>{t('creditLetters.account.invoices')}</Title>
          <OpenInvoices account={data} format={format} />
          <Title order={5}>{t('creditLetters.account.payments')}</Title>
          {mayPay ? <PaymentForm account={data} onSaved={refresh} /> : null}
          <Payments
            account={data}
            format={format}
            canRemove={mayPay}
            onRemove={(payment) => void handleRemove(payment)}
          />
          <Title order={5}>{t('creditLetters.account.letters')}</Title>
          {data.letters.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('creditLetters.account.noLetters')}
            </Text>
          ) : (
            <Stack gap={4} role="list" aria-label={t('creditLetters.account.letters')}>
              {data.letters.map((letter) => (
                <Text key={letter.id} size="sm" role="listitem">
                  <Text span fw={600}>
                    {format.day(letter.letterDate)}
                  </Text>{' '}
                  · {letter.templateName} · {letter.sentBy}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      ) : null}
    </Drawer>
  );
}
