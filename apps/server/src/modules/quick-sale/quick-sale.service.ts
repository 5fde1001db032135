/**
 * Quick sale (R-QSALE-1..8): one transaction makes the order, its one schedule with the sale's
 * lines, its ticket (numbered from the plant's next ticket number) with the ticket's products,
 * and the cash transaction that says how it was paid; orderUpdate_v1 and the order's history go
 * out in the same transaction. A card is charged through the payment provider before the commit
 * and the charge is voided if the write then fails; a declined card saves nothing.
 *
 * Choices (R-QSALE-3): the order is complete (C) at once, of the system type's counter-sale order
 * type (concrete cash sale, aggregate pickup), taxed at the plant (source taxing 2); its ticket is
 * complete (the customer's own truck leaves with it). A paid counter sale is not held for credit.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  cardBrandOf,
  formatCardExpiry,
  lastFour,
  normaliseCardNumber,
  parseCardExpiry,
  type CardBrand,
} from '@dispatch/domain/payments/card-number';
import {
  changeDue,
  paymentSplitProblems,
  type Payment,
} from '@dispatch/domain/payments/payment-split';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import type { QuickSale } from '@dispatch/domain/orders/quick-sale';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { orderTotals, lineAmount } from '@dispatch/domain/pricing/order-pricing';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { formatDate } from '@dispatch/domain/dates/date-format';
import type { Db, Tx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { unitsOfMeasure } from '../../db/schema/lookups';
import { cashTransactions, orders, scheduleProducts, schedules } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { orderTypeIds, reasonIds, shortLoadTypeIds, ticketStatusIds } from '../../db/reference-ids';
import { publish } from '../../dispatch/publish';
import { ApiError, notFound, validationError, type FieldProblem } from '../../http/api-error';
import { writing } from '../../http/database-errors';
import type { PaymentProvider } from '../../payments/payment-provider';
import { announce, readBack } from '../orders/order-live';
import { priceOrderLine, taxRateFor } from '../orders/order-pricing';
import { readSystemParameter } from '../settings/system-parameters.service';
import { takeNextTicketNumber } from '../tickets/ticket-numbers';
import type { QuickSaleView } from '@dispatch/domain/orders/quick-sale-view';
import { walkInCustomer } from './walk-in-customer';

export type QuickSaleSeller = {
  /** The named database: with the order number, it makes a charge's idempotency key. */
  database: string;
  username: string;
  now: Date;
  /** The caller's flags on the quick sale form of the sale's system type (checked by the route). */
  flags: PermissionFlags;
  /** The provider card payments go through while paymentsAvailable is on. */
  provider: PaymentProvider;
};

/** The counter-sale order type of each system type (seeded codes). */
const quickSaleOrderTypeIds = {
  1: orderTypeIds.concreteCashSale,
  2: orderTypeIds.aggregatePickup,
} as const;
/** Sales tax from the plant's address: the sale happens there. */
const plantAddressTaxing = 2;

type SaleLine = {
  productId: number;
  productNumber: string;
  productDescription: string;
  productTypeId: number | null;
  quantity: number;
  price: number | null;
  taxableFlag: boolean;
  unitOfMeasure: number | null;
};

const samePrice = (a: number | null | undefined, b: number | null | undefined) =>
  (a ?? null) === (b ?? null) ||
  (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 1e-9);

/** R-QSALE-3: what the sale refers to exists, belongs to its system type and is active. */
async function checkReferences(
  tx: Tx,
  sale: QuickSale,
): Promise<{
  customer: { id: number; name: string } | undefined;
  products: Map<number, typeof products.$inferSelect>;
}> {
  const problems: FieldProblem[] = [];
  const missing = 'refers to a record that does not exist';
  let customer: { id: number; name: string } | undefined;
  if (!sale.walkIn && sale.customerId !== null) {
    const [row] = await tx
      .select({ id: customers.id, name: customers.name, inactiveFlag: customers.inactiveFlag })
      .from(customers)
      .where(eq(customers.id, sale.customerId));
    if (!row) problems.push({ field: 'customerId', reason: missing });
    else if (row.inactiveFlag)
      problems.push({ field: 'customerId', reason: 'the customer is inactive' });
    else customer = row;
  }
  const [plant] = await tx
    .select({ systemTypeId: plants.systemTypeId, inactiveFlag: plants.inactiveFlag })
    .from(plants)
    .where(eq(plants.id, sale.plantId));
  if (!plant) problems.push({ field: 'plantId', reason: missing });
  else if (plant.systemTypeId !== sale.systemTypeId) {
    problems.push({ field: 'plantId', reason: "must be a plant of the sale's system type" });
  } else if (plant.inactiveFlag)
    problems.push({ field: 'plantId', reason: 'the plant is inactive' });
  const rows = await tx
    .select()
    .from(products)
    .where(inArray(products.id, [...new Set(sale.lines.map((line) => line.productId))]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  sale.lines.forEach((line, index) => {
    const product = byId.get(line.productId);
    const field = `lines.${index}.productId`;
    if (!product) problems.push({ field, reason: missing });
    else if (product.systemTypeId !== sale.systemTypeId) {
      problems.push({ field, reason: "must be a product of the sale's system type" });
    } else if (product.inactiveFlag) problems.push({ field, reason: 'the product is inactive' });
  });
  if (problems.length > 0) throw validationError(problems);
  return { customer, products: byId };
}

/**
 * R-QSALE-3: each line's price: the one sent (FullWithPrices), else order pricing's (the job-less
 * customer's defaults, else the product's price in effect today). FullWithReadOnlyPrices may send
 * back only that price (403 otherwise, naming the lines).
 */
async function priceLines(
  tx: Tx,
  sale: QuickSale,
  customerId: number,
  refs: Map<number, typeof products.$inferSelect>,
  seller: QuickSaleSeller,
): Promise<SaleLine[]> {
  const today = formatDate(seller.now, 'YYYY-MM-DD');
  const refused: string[] = [];
  const lines: SaleLine[] = [];
  for (const [index, line] of sale.lines.entries()) {
    const product = refs.get(line.productId)!;
    const found = await priceOrderLine(tx, {
      customerId,
      jobId: null,
      productId: line.productId,
      plantId: sale.plantId,
      systemTypeId: sale.systemTypeId,
      shipDate: today,
    });
    let price = found?.price ?? null;
    if (typeof line.price === 'number') {
      if (seller.flags.full && !seller.flags.disablePrice && !seller.flags.hidePrice) {
        price = line.price;
      } else if (!samePrice(line.price, price)) refused.push(`lines.${index}.price`);
    }
    lines.push({
      productId: product.id,
      productNumber: product.number,
      productDescription: product.description,
      productTypeId: product.productTypeId,
      quantity: line.quantity,
      price,
      taxableFlag: line.taxableFlag ?? found?.taxable ?? product.taxableFlag,
      unitOfMeasure: found?.unitOfMeasureId ?? product.unitOfMeasureId,
    });
  }
  if (refused.length > 0) {
    throw new ApiError('permission', `You may not change prices (${refused.join(', ')}).`, {
      data: refused.map((field) => ({ field, reason: 'prices are read-only for you' })),
    });
  }
  const unpriced = lines.flatMap((line, index) =>
    line.price === null
      ? [{ field: `lines.${index}.price`, reason: 'has no price: enter one' }]
      : [],
  );
  if (unpriced.length > 0) throw validationError(unpriced);
  return lines;
}

/** What the cash transaction row keeps of the payments: never a card number or security value. */
function cashTransactionValues(
  payments: readonly Payment[],
  card: { approvalCode: string; paymentReference: string; brand: CardBrand; last4: string } | null,
) {
  const sum = (method: Payment['method']) =>
    payments
      .filter((payment) => payment.method === method)
      .reduce((total, p) => total + p.amount, 0);
  const cash = payments.filter((payment) => payment.method === 'cash');
  const checks = payments.flatMap((payment) => (payment.method === 'check' ? [payment] : []));
  const cardPayment = payments.find((payment) => payment.method === 'card');
  const tendered = cash.reduce(
    (total, payment) => total + (payment.amountTendered ?? payment.amount),
    0,
  );
  const cashAmount = sum('cash');
  const expiry = cardPayment ? parseCardExpiry(cardPayment.expiry) : undefined;
  return {
    cashFlag: cash.length > 0,
    cashAmount: round2(cashAmount),
    // R-QSALE-4: what was tendered and the change, as the receipt prints them.
    cashNotes:
      cash.length > 0
        ? `Tendered ${tendered.toFixed(2)}, change ${changeDue({ amount: cashAmount, amountTendered: tendered }).toFixed(2)}`
        : null,
    checkFlag: checks.length > 0,
    checkAmount: round2(sum('check')),
    checkNumber: checks.length > 0 ? checks.map((check) => check.checkNumber).join(', ') : null,
    creditCardFlag: card !== null,
    creditCardAmount: round2(sum('card')),
    creditCardApprovalCode: card?.approvalCode ?? null,
    creditCardBrand: card?.brand ?? null,
    creditCardLast4: card?.last4 ?? null,
    creditCardExpirationDate: expiry ? formatCardExpiry(expiry) : null,
    creditCardBillingAddress:
      cardPayment?.method === 'card' && cardPayment.billingZip ? cardPayment.billingZip : null,
    paymentReference: card?.paymentReference ?? null,
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * R-QSALE-1..7: makes the sale. Refuses a card while paymentsAvailable is off (409), a declined
 * card with the provider's message beside the card number (409 card_declined), and saves nothing
 * either way.
 */
export async function createQuickSale(
  db: Db,
  sale: QuickSale,
  seller: QuickSaleSeller,
): Promise<QuickSaleView> {
  const cardIndex = sale.payments.findIndex((payment) => payment.method === 'card');
  if (cardIndex !== -1 && !(await readSystemParameter(db, 'paymentsAvailable'))) {
    throw new ApiError(
      'conflict',
      'Card payments are not available: the system parameter "Card payments" (paymentsAvailable) is off. Take cash or a check.',
      {
        code: 'payments_unavailable',
        data: [
          { field: `payments.${cardIndex}.method`, reason: 'card payments are not available' },
        ],
      },
    );
  }
  // Set once the card is charged: the reference to void if the sale is then not saved.
  const charge: { reference: string | null } = { reference: null };
  try {
    return await writing(() =>
      db.transaction(async (tx) => {
        const refs = await checkReferences(tx, sale);
        const customerId = sale.walkIn
          ? await walkInCustomer(tx, seller.username)
          : refs.customer!.id;
        const customerName = sale.walkIn ? sale.walkInName : refs.customer!.name;
        const lines = await priceLines(tx, sale, customerId, refs.products, seller);
        const taxRate = await taxRateFor(tx, { jobId: null, customerId });
        const totals = orderTotals(
          lines.map((line) => ({
            quantity: line.quantity,
            price: line.price,
            taxable: line.taxableFlag,
          })),
          taxRate,
        );
        const problems = paymentSplitProblems(sale.payments, totals.total, seller.now);
        if (problems.length > 0) throw validationError(problems);

        const today = formatDate(seller.now, 'YYYY-MM-DD');
        const [order] = await tx
          .insert(orders)
          .values({
            customerId,
            customerName,
            customerPoNumber: sale.customerPoNumber,
            plantId: sale.plantId,
            orderDate: today,
            shipDate: today,
            orderStatusId: orderStatusIds.complete,
            orderTypeId: quickSaleOrderTypeIds[sale.systemTypeId],
            systemTypeId: sale.systemTypeId,
            notes: sale.notes === '' ? null : sale.notes,
            imperialFlag: true,
            chargeOrderFlag: false,
            orderVerifiedFlag: true,
            reasonId: reasonIds.regular,
            shortLoadTypeId: shortLoadTypeIds.none,
            sourceTaxingType: plantAddressTaxing,
            firstLoadTime: seller.now,
            modifiedBy: seller.username,
          })
          .returning({ id: orders.id, number: orders.number });
        const orderId = order!.id;
        const [schedule] = await tx
          .insert(schedules)
          .values({
            orderId,
            plantId: sale.plantId,
            systemTypeId: sale.systemTypeId,
            numberOfLoads: 1,
            numberOfTrucks: 1,
            quantityPerHour: 0,
            loadIntervalTime: 0,
            travelTimeToJob: 0,
            travelTimeToPlant: 0,
            onJobWaitMinutes: 0,
            onJobWashMinutes: 0,
            firstLoadOnJobTime: seller.now,
            modifiedBy: seller.username,
          })
          .returning({ id: schedules.id });
        await tx.insert(scheduleProducts).values(
          lines.map((line, position) => ({
            scheduleId: schedule!.id,
            productId: line.productId,
            primaryFlag: position === 0,
            sequence: position,
            productNumber: line.productNumber,
            productDescription: line.productDescription,
            productTypeId: line.productTypeId,
            quantity: line.quantity,
            deliveredQuantity: line.quantity,
            price: line.price,
            taxableFlag: line.taxableFlag,
            unitOfMeasure: line.unitOfMeasure,
            ticketed: true,
            modifiedBy: seller.username,
          })),
        );
        // R-QSALE-6: the card is charged once the sale is priced and written, before the ticket takes
        // the plant's number (that row stays locked to the commit); only the provider sees the card.
        let card: Parameters<typeof cashTransactionValues>[1] = null;
        const cardPayment = sale.payments[cardIndex];
        if (cardPayment?.method === 'card') {
          const number = normaliseCardNumber(cardPayment.cardNumber);
          const result = await seller.provider.charge({
            amount: cardPayment.amount,
            currency: 'USD',
            card: {
              number,
              expiry: formatCardExpiry(parseCardExpiry(cardPayment.expiry)!),
              securityValue: cardPayment.securityValue,
              billingZip: cardPayment.billingZip,
            },
            description: `Quick sale, order ${order!.number}`,
            idempotencyKey: `${seller.database}:quick-sale:${order!.number}:${cardPayment.amount}`,
          });
          if (!result.approved) {
            throw new ApiError('conflict', `The card was declined: ${result.message}`, {
              code: 'card_declined',
              data: [{ field: `payments.${cardIndex}.cardNumber`, reason: result.message }],
            });
          }
          charge.reference = result.paymentReference;
          card = {
            approvalCode: result.approvalCode,
            paymentReference: result.paymentReference,
            brand: result.brand === 'unknown' ? cardBrandOf(number) : result.brand,
            last4: result.last4 || lastFour(number),
          };
        }
        const ticketNumber = await takeNextTicketNumber(tx, sale.plantId);
        const [ticket] = await tx
          .insert(tickets)
          .values({
            number: ticketNumber,
            orderId,
            scheduleId: schedule!.id,
            plantId: sale.plantId,
            loadNumber: 1,
            statusId: ticketStatusIds.complete,
            ticketDateTime: seller.now,
            userName: seller.username,
            modifiedBy: seller.username,
          })
          .returning({ id: tickets.id });
        await tx.insert(ticketProducts).values(
          lines.map((line) => ({
            ticketId: ticket!.id,
            productId: line.productId,
            quantity: line.quantity,
            deliveredQuantity: line.quantity,
            price: line.price,
            taxableFlag: line.taxableFlag,
            unitOfMeasure: line.unitOfMeasure,
            modifiedBy: seller.username,
          })),
        );

        await tx.insert(cashTransactions).values({
          orderId,
          ...cashTransactionValues(sale.payments, card),
          modifiedBy: seller.username,
        });

        const after = await readBack(tx, orderId, sale.systemTypeId);
        await announce(tx, after, null, 'quick sale', {
          username: seller.username,
          now: seller.now,
        });
        await publish(tx, {
          name: 'ticketUpdate_v1',
          data: {
            id: ticket!.id,
            statusId: ticketStatusIds.complete,
            orderId,
            plantId: sale.plantId,
          },
          ids: [ticket!.id],
        });
        return (await readQuickSale(tx, orderId, [sale.systemTypeId]))!;
      }),
    );
  } catch (error) {
    // R-QSALE-6: a charge whose sale was not saved is voided, whatever failed after it.
    if (charge.reference !== null) await seller.provider.voidCharge(charge.reference);
    throw error;
  }
}

const tenderedPattern = /^Tendered (\d+(?:\.\d+)?), change (\d+(?:\.\d+)?)/;

/** R-QSALE-8: a quick sale as its receipt shows it, or undefined (unknown, or not the caller's). */
export async function readQuickSale(
  db: Db | Tx,
  orderId: number,
  allowedSystemTypeIds: readonly SystemTypeId[],
): Promise<QuickSaleView | undefined> {
  if (allowedSystemTypeIds.length === 0) return undefined;
  const [row] = await db
    .select({
      order: orders,
      plantName: plants.description,
      plant: plants,
      ticketId: tickets.id,
      ticketNumber: tickets.number,
      payment: cashTransactions,
    })
    .from(orders)
    .innerJoin(plants, eq(plants.id, orders.plantId))
    .innerJoin(tickets, eq(tickets.orderId, orders.id))
    .innerJoin(cashTransactions, eq(cashTransactions.orderId, orders.id))
    .where(and(eq(orders.id, orderId), inArray(orders.systemTypeId, [...allowedSystemTypeIds])))
    .orderBy(asc(tickets.id), asc(cashTransactions.id))
    .limit(1);
  if (!row) return undefined;
  const lineRows = await db
    .select({
      productId: ticketProducts.productId,
      productNumber: products.number,
      productDescription: products.description,
      quantity: ticketProducts.quantity,
      unitOfMeasure: unitsOfMeasure.imperialDescription,
      price: ticketProducts.price,
      taxableFlag: ticketProducts.taxableFlag,
    })
    .from(ticketProducts)
    .innerJoin(products, eq(products.id, ticketProducts.productId))
    .leftJoin(unitsOfMeasure, eq(unitsOfMeasure.id, ticketProducts.unitOfMeasure))
    .where(eq(ticketProducts.ticketId, row.ticketId))
    .orderBy(asc(ticketProducts.id));
  const lines = lineRows.map((line) => ({
    ...line,
    quantity: Number(line.quantity),
    price: line.price === null ? null : Number(line.price),
    extendedPrice: lineAmount({
      quantity: Number(line.quantity),
      price: line.price === null ? null : Number(line.price),
    }),
  }));
  const subtotal = round2(lines.reduce((sum, line) => sum + line.extendedPrice, 0));
  const payment = row.payment;
  const paid = (value: unknown) => Number(value ?? 0);
  const totalAmount = round2(
    paid(payment.cashAmount) + paid(payment.checkAmount) + paid(payment.creditCardAmount),
  );
  const blank = {
    amountTendered: null,
    changeDue: null,
    checkNumber: null,
    cardBrand: null,
    cardLast4: null,
    cardExpiry: null,
    approvalCode: null,
  };
  const tendered = tenderedPattern.exec(payment.cashNotes ?? '');
  const payments: QuickSaleView['payments'] = [];
  if (payment.cashFlag) {
    payments.push({
      ...blank,
      method: 'cash',
      amount: paid(payment.cashAmount),
      amountTendered: tendered ? Number(tendered[1]) : null,
      changeDue: tendered ? Number(tendered[2]) : null,
    });
  }
  if (payment.checkFlag) {
    payments.push({
      ...blank,
      method: 'check',
      amount: paid(payment.checkAmount),
      checkNumber: payment.checkNumber,
    });
  }
  if (payment.creditCardFlag) {
    payments.push({
      ...blank,
      method: 'card',
      amount: paid(payment.creditCardAmount),
      cardBrand: (payment.creditCardBrand as CardBrand | null) ?? 'unknown',
      cardLast4: payment.creditCardLast4,
      cardExpiry: payment.creditCardExpirationDate,
      approvalCode: payment.creditCardApprovalCode,
    });
  }
  const plant = row.plant;
  return {
    orderId: row.order.id,
    orderNumber: row.order.number,
    ticketId: row.ticketId,
    ticketNumber: row.ticketNumber,
    systemTypeId: row.order.systemTypeId,
    plantId: row.order.plantId,
    plantName: row.plantName,
    plantAddress: [
      plant.address1,
      plant.address2,
      plant.address3,
      plant.address4,
      plant.address5,
      plant.address6,
      plant.address7,
      plant.phoneNumber,
    ].filter((part): part is string => typeof part === 'string' && part.trim() !== ''),
    customerId: row.order.customerId,
    customerName: row.order.customerName,
    customerPoNumber: row.order.customerPoNumber,
    soldAt: row.order.createdAt.toISOString(),
    soldBy: row.order.modifiedBy ?? '',
    lines,
    subtotal,
    taxAmount: round2(totalAmount - subtotal),
    totalAmount,
    payments,
  };
}

/** R-QSALE-8: 404 for a sale the caller cannot see. */
export async function quickSaleOrThrow(
  db: Db,
  orderId: number,
  allowedSystemTypeIds: readonly SystemTypeId[],
): Promise<QuickSaleView> {
  const sale = await readQuickSale(db, orderId, allowedSystemTypeIds);
  if (!sale) throw notFound(`Quick sale ${orderId}`);
  return sale;
}
