/**
 * R-ENTITY-10: the cash, check and card payment taken with an order. Card data is never stored in
 * clear: the payment input may carry the card number and security value for the one payment call,
 * and the record keeps only the last four digits of the number and no security value at all.
 */
import { z } from 'zod';
import { cardNumberProblem, normaliseCardNumber } from '../payments/card-number';
import { amountSchema, flag, idSchema, lastFour, optionalText, textLength } from './fields';

const paymentAmount = () => amountSchema.nonnegative().default(0);

/** 'MM/YY' or 'MM/YYYY', as printed on the card. */
export const cardExpirationSchema = z
  .string()
  .regex(/^(0[1-9]|1[0-2])\/(\d{2}|\d{4})$/, { message: 'Enter the expiration date as MM/YY.' });

const cashTransactionFields = {
  orderId: idSchema,
  cashNotes: optionalText(textLength.notes),
  cashAmount: paymentAmount(),
  cashFlag: flag(),
  checkAmount: paymentAmount(),
  checkFlag: flag(),
  creditCardAmount: paymentAmount(),
  creditCardFlag: flag(),
  checkNumber: optionalText(textLength.code),
  checkApprovalCode: optionalText(textLength.code),
  creditCardApprovalCode: optionalText(textLength.code),
  creditCardBillingAddress: optionalText(textLength.long),
  creditCardExpirationDate: cardExpirationSchema.nullable().default(null),
};

/** The stored transaction. z.object strips unknown keys, so a card number never survives a parse. */
export const cashTransactionSchema = z.object({
  ...cashTransactionFields,
  creditCardLast4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable()
    .default(null),
});
export type CashTransaction = z.infer<typeof cashTransactionSchema>;

export const invalidCardNumberMessage = 'Enter a valid card number.';
export const invalidSecurityValueMessage = 'Enter the 3 or 4 digit security code.';

/** The till's card number rule (payments/card-number), with this record's one message. */
export const creditCardNumberSchema = z
  .string()
  .transform(normaliseCardNumber)
  .refine((digits) => cardNumberProblem(digits) === null, { message: invalidCardNumberMessage });

export const creditCardSecurityValueSchema = z
  .string()
  .regex(/^\d{3,4}$/, { message: invalidSecurityValueMessage });

/** What the client sends to take a payment: the clear card data, used once and never stored. */
export const cashTransactionInputSchema = z.object({
  ...cashTransactionFields,
  creditCardNumber: creditCardNumberSchema.optional(),
  creditCardSecurityValue: creditCardSecurityValueSchema.optional(),
});
export type CashTransactionInput = z.input<typeof cashTransactionInputSchema>;
export type CashTransactionPayment = z.infer<typeof cashTransactionInputSchema>;

/** The record to store for a payment input: card number reduced to its last four, security value dropped. */
export function toCashTransactionRecord(input: CashTransactionPayment): CashTransaction {
  const { creditCardNumber } = input;
  // Parsing with the record schema strips the clear card fields, so none can slip through.
  return cashTransactionSchema.parse({
    ...input,
    creditCardLast4: creditCardNumber === undefined ? null : lastFour(creditCardNumber),
  });
}
