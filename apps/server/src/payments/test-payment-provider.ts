/**
 * R-QSALE-7: the test payment provider, with the conventions of common processors' sandboxes:
 *
 * - card 4000 0000 0000 0002 is declined ("Your card was declined.", code card_declined);
 * - an amount whose cents are .13 is declined ("Insufficient funds.", code insufficient_funds);
 * - card 4000 0000 0000 0127 is declined for its security code ("incorrect_cvc");
 * - any other card that passes the number, expiry and security checks is approved, with a six
 *   character approval code and a reference `test_ch_…`.
 *
 * It keeps no card data: only the references it approved and those voided, for tests to read.
 */
import { randomBytes } from 'node:crypto';
import { cardBrandOf, lastFour } from '@dispatch/domain/payments/card-number';
import { toCents } from '@dispatch/domain/pricing/price-escalation';
import type { CardChargeResult, PaymentProvider } from './payment-provider';

export const testDeclinedCardNumber = '4000000000000002';
export const testIncorrectCvcCardNumber = '4000000000000127';
/** Any amount ending in .13 is declined for insufficient funds. */
export const testDeclinedCents = 13;

export type TestPaymentProvider = PaymentProvider & {
  readonly approved: ReadonlySet<string>;
  readonly voided: ReadonlySet<string>;
};

export function createTestPaymentProvider(): TestPaymentProvider {
  const approved = new Set<string>();
  const voided = new Set<string>();
  const byKey = new Map<string, CardChargeResult>();
  return {
    name: 'test',
    approved,
    voided,
    charge(request) {
      const known = byKey.get(request.idempotencyKey);
      if (known) return Promise.resolve(known);
      const number = request.card.number;
      let result: CardChargeResult;
      if (number === testDeclinedCardNumber) {
        result = {
          approved: false,
          message: 'Your card was declined.',
          declineCode: 'card_declined',
        };
      } else if (number === testIncorrectCvcCardNumber) {
        result = {
          approved: false,
          message: "Your card's security code is incorrect.",
          declineCode: 'incorrect_cvc',
        };
      } else if (toCents(request.amount) % 100 === testDeclinedCents) {
        result = {
          approved: false,
          message: 'Insufficient funds.',
          declineCode: 'insufficient_funds',
        };
      } else {
        const paymentReference = `test_ch_${randomBytes(12).toString('hex')}`;
        approved.add(paymentReference);
        result = {
          approved: true,
          approvalCode: randomBytes(3).toString('hex').toUpperCase(),
          paymentReference,
          brand: cardBrandOf(number),
          last4: lastFour(number),
        };
      }
      byKey.set(request.idempotencyKey, result);
      return Promise.resolve(result);
    },
    voidCharge(paymentReference) {
      if (approved.has(paymentReference)) voided.add(paymentReference);
      return Promise.resolve();
    },
  };
}

/** The one test provider of this process (the server has no other yet). */
export const testPaymentProvider = createTestPaymentProvider();
