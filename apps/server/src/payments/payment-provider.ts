/**
 * R-QSALE-6..7: card payments go through a payment provider: it takes the card and the amount and
 * answers approved (with an approval code and its own reference for the charge) or declined (with
 * its message). The card number and security value go to the provider and nowhere else; what
 * we keep is the provider's reference, the approval code, the brand and the last four digits.
 * A charge made before a write that then fails is voided through its reference.
 */
import type { CardBrand } from '@dispatch/domain/payments/card-number';

export type CardChargeRequest = {
  /** In the currency's major unit (dollars), two decimals. */
  readonly amount: number;
  readonly currency: 'USD';
  readonly card: {
    /** Digits only. */
    readonly number: string;
    /** MM/YY. */
    readonly expiry: string;
    readonly securityValue: string;
    readonly billingZip: string;
  };
  /** What the charge is for, as the provider's statement shows it (e.g. "Quick sale, order 1042"). */
  readonly description: string;
  /** The same key twice is the same charge: a retried request never charges twice. */
  readonly idempotencyKey: string;
};

export type CardChargeResult =
  | {
      readonly approved: true;
      readonly approvalCode: string;
      /** The provider's id of the charge: voids and refunds go through it. */
      readonly paymentReference: string;
      readonly brand: CardBrand;
      readonly last4: string;
    }
  | {
      readonly approved: false;
      /** The provider's words, shown to the cashier beside the card. */
      readonly message: string;
      readonly declineCode: string;
    };

export type PaymentProvider = {
  readonly name: string;
  charge(request: CardChargeRequest): Promise<CardChargeResult>;
  /** Cancels an approved charge that will not be kept (the sale's write failed). */
  voidCharge(paymentReference: string): Promise<void>;
};

/**
 * R-QSALE-7: the provider card payments use, or none while the system parameter
 * `paymentsAvailable` is off (card payments are then refused). This installation has no
 * contract with a card processor yet: the test provider stands in, as a processor's sandbox does.
 */
export function paymentProviderFor(
  paymentsAvailable: boolean,
  provider: PaymentProvider,
): PaymentProvider | undefined {
  return paymentsAvailable ? provider : undefined;
}
