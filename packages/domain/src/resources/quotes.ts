/**
 * Quotes (R-MAINT-14): the prices a customer (or a prospect) was offered, for a system type and
 * plant, valid between two dates, with the quoted products as rows saved with the quote. Jobs
 * point at their quote (job.quoteId).
 */
import type { FieldProblem } from '../api/field-problem';
import { defineResource, type RecordRule } from './define';
import {
  choice,
  count,
  date,
  decimal,
  flag,
  integer,
  money,
  multiline,
  reference,
  text,
} from './field';
import { systemTypeChoices } from './lookups';

const dateOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * A quote cannot expire before it is written, nor take effect after it expires (the database
 * refuses the first too: quotes_dates_check). Dates are YYYY-MM-DD, so text order is date order.
 */
export const quoteDatesInOrder: RecordRule = (record) => {
  const problems: FieldProblem[] = [];
  const quoted = dateOf(record.quoteDate);
  const effective = dateOf(record.effectiveDate);
  const expires = dateOf(record.expirationDate);
  if (expires && quoted && expires < quoted) {
    problems.push({ field: 'expirationDate', reason: 'must not be before the quote date' });
  } else if (expires && effective && expires < effective) {
    problems.push({ field: 'expirationDate', reason: 'must not be before the effective date' });
  }
  return problems;
};

/** Is a quote current on `day` (YYYY-MM-DD): active, in effect and not expired. */
export function isQuoteCurrent(record: Readonly<Record<string, unknown>>, day: string): boolean {
  if (record.inactiveFlag === true) return false;
  const effective = dateOf(record.effectiveDate);
  const expires = dateOf(record.expirationDate);
  return (effective === null || effective <= day) && (expires === null || expires >= day);
}

export const quoteResource = defineResource({
  name: 'quotes',
  path: 'quotes',
  singular: 'Quote',
  plural: 'Quotes',
  screen: 'QuoteMaintenance',
  pickedBy: [
    'JobMaintenance',
    'ConcreteOrderEntry',
    'AggregateOrderEntry',
    'BlockOrderEntry',
    'ConcreteQuickSale',
    'AggregateQuickSale',
  ],
  labelField: 'description',
  numberField: 'number',
  fields: {
    number: text({ label: 'Quote number', required: true, max: 30, list: true }),
    description: text({ label: 'Description', list: true }),
    systemTypeId: choice(systemTypeChoices, { label: 'System type', required: true, list: true }),
    customerId: reference('customers', { label: 'Customer', list: true }),
    customerName: text({
      label: 'Customer name',
      hint: 'For a prospect not yet set up as a customer',
      list: true,
    }),
    contactName: text({ label: 'Contact' }),
    plantId: reference('plants', { label: 'Plant', list: true }),
    salesmanEmployeeId: reference('employees', { label: 'Salesman' }),
    quoteDate: date({ label: 'Quote date', required: true, list: true }),
    effectiveDate: date({ label: 'Effective from', list: true }),
    expirationDate: date({
      label: 'Expires',
      hint: 'The last day the quoted prices hold; empty for no end',
      list: true,
    }),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
    notes: multiline({ label: 'Notes' }),
  },
  children: {
    products: {
      label: 'Products',
      fields: {
        // No one resource lists every product (there is one per product screen): the product's id.
        productId: integer({ label: 'Product', hint: 'The product id', required: true }),
        sequence: count({ label: 'Line', default: 0 }),
        quantity: decimal({ label: 'Quantity' }),
        unitOfMeasureId: reference('unitsOfMeasure', { label: 'Unit' }),
        price: money({ label: 'Price', price: true }),
        deliveryCharge: money({ label: 'Delivery charge', price: true }),
        taxableFlag: flag({ label: 'Taxable', default: true }),
      },
    },
  },
  sections: [
    { key: 'main', label: 'General' },
    { key: 'products', label: 'Products' },
  ],
  rules: [quoteDatesInOrder],
  search: ['number', 'description', 'customerName', 'contactName'],
  sort: ['number', 'description', 'quoteDate', 'expirationDate', 'customerName', 'id'],
  filters: ['systemTypeId', 'plantId', 'customerId', 'expirationDate'],
});
