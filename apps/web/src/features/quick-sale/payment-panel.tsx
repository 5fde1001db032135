/**
 * How the sale is paid (R-QSALE-4..7): cash with the amount tendered and the change due, a check
 * with its number, or a card (number, expiry, security value, billing zip) while card payments
 * are available. The card's inputs are never remembered by the browser; the security value is
 * typed like a password.
 */
import {
  Alert,
  Badge,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  cardBrandNames,
  cardBrandOf,
  normaliseCardNumber,
} from '@dispatch/domain/payments/card-number';
import { changeDue, paymentMethods } from '@dispatch/domain/payments/payment-split';
import { NumberField } from '../../components/number-field/number-field';
import { numberOf, type SaleValues } from './quick-sale-form';
import { formatMoney } from '../../lib/money-format';

type TextName = 'checkNumber' | 'cardNumber' | 'expiry' | 'securityValue' | 'billingZip';

type PaymentTextProps = {
  control: Control<SaleValues>;
  name: TextName;
  label: string;
  type?: 'text' | 'password';
  placeholder?: string;
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
  rightSection?: React.ReactNode;
};

function PaymentText(props: PaymentTextProps) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <TextInput
          name={props.name}
          label={props.label}
          type={props.type ?? 'text'}
          value={field.value}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          placeholder={props.placeholder}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          autoComplete="off"
          rightSection={props.rightSection}
          rightSectionWidth={props.rightSection ? 110 : undefined}
        />
      )}
    />
  );
}

/** The card's fields after its number; the security value is typed like a password. */
const cardDetails = [
  { name: 'expiry', placeholder: 'MM/YY', maxLength: 7 },
  { name: 'securityValue', type: 'password', inputMode: 'numeric', maxLength: 4 },
  { name: 'billingZip', maxLength: 10 },
] as const satisfies readonly Omit<PaymentTextProps, 'control' | 'label'>[];

export function PaymentPanel(props: {
  control: Control<SaleValues>;
  total: number;
  paymentsAvailable: boolean;
}) {
  const { t } = useTranslation();
  const { control } = props;
  const method = useWatch({ control, name: 'method' });
  const tendered = useWatch({ control, name: 'amountTendered' });
  const cardNumber = useWatch({ control, name: 'cardNumber' });
  const digits = normaliseCardNumber(cardNumber);
  const brand = digits.length >= 2 ? cardBrandOf(digits) : null;

  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="method"
        render={({ field }) => (
          <SegmentedControl
            aria-label={t('quickSale.payment.method')}
            value={field.value}
            onChange={field.onChange}
            data={paymentMethods.map((each) => ({
              value: each,
              label: t(`quickSale.payment.methods.${each}`),
              disabled: each === 'card' && !props.paymentsAvailable,
            }))}
            fullWidth
          />
        )}
      />
      {!props.paymentsAvailable && (
        <Text size="xs" c="dimmed">
          {t('quickSale.payment.cardsOff')}
        </Text>
      )}
      {method === 'cash' && (
        <SimpleGrid cols={2}>
          <Controller
            control={control}
            name="amountTendered"
            render={({ field, fieldState }) => (
              <NumberField
                name="amountTendered"
                label={t('quickSale.payment.tendered')}
                value={field.value ?? ''}
                onChange={(next) => field.onChange(numberOf(next))}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                decimalScale={2}
                fixedDecimalScale
                prefix="$"
                min={0}
                allowNegative={false}
                hideControls
                styles={{ input: { textAlign: 'right' } }}
              />
            )}
          />
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t('quickSale.payment.change')}
            </Text>
            <Text size="xl" fw={700} ff="monospace" aria-label={t('quickSale.payment.change')}>
              ${formatMoney(changeDue({ amount: props.total, amountTendered: tendered }))}
            </Text>
          </Stack>
        </SimpleGrid>
      )}
      {method === 'check' && (
        <PaymentText
          control={control}
          name="checkNumber"
          label={t('quickSale.payment.checkNumber')}
        />
      )}
      {method === 'card' && props.paymentsAvailable && (
        <Stack gap="xs">
          <PaymentText
            control={control}
            name="cardNumber"
            label={t('quickSale.payment.cardNumber')}
            inputMode="numeric"
            maxLength={23}
            placeholder="•••• •••• •••• ••••"
            rightSection={
              brand ? (
                <Badge variant="light" color={brand === 'unknown' ? 'gray' : 'blue'}>
                  {cardBrandNames[brand]}
                </Badge>
              ) : undefined
            }
          />
          <SimpleGrid cols={3}>
            {cardDetails.map((detail) => (
              <PaymentText
                key={detail.name}
                control={control}
                label={t(`quickSale.payment.${detail.name}`)}
                {...detail}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {method === 'card' && !props.paymentsAvailable && (
        <Alert color="orange" variant="light">
          {t('quickSale.payment.cardsOff')}
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('quickSale.payment.due')}
        </Text>
        <Text fw={700} ff="monospace">
          ${formatMoney(props.total)}
        </Text>
      </Group>
    </Stack>
  );
}
