/**
 * Customers (R-MAINT-8, R-RES-1): identity, addresses, billing, contacts, credit, terms and tax,
 * and their pricing defaults per system type (R-ENTITY-11..12) as three child collections, each on
 * its own tab named after the system type's key, so a screen can show only the caller's types.
 * The customer's jobs are a panel of the web screen on the 'jobs' tab (R-MAINT-1), the credit
 * letters it was sent one on the 'letters' tab (R-CREDIT-15).
 */
import { defaultDocumentLanguage, documentLanguageChoices } from '../document-language';
import { systemTypes, type SystemTypeKey } from '../system-types';
import { addressLines } from './common-fields';
import type { FieldProblem } from '../api/field-problem';
import { defineResource, type RecordRule } from './define';
import {
  choice,
  date,
  decimal,
  email,
  emailList,
  flag,
  money,
  multiline,
  phone,
  reference,
  text,
  type Field,
} from './field';

/** The forms that pick a customer besides the ones that refer to it (R-PICK-1). */
const customerPickers = [
  'ConcreteOrderEntry',
  'AggregateOrderEntry',
  'BlockOrderEntry',
  'ConcreteQuickSale',
  'AggregateQuickSale',
  'JobMaintenance',
  'QuoteMaintenance',
  'FlagInvoice',
  // R-INQ-2, R-INQ-7: the inquiries search by customer.
  'TicketInquiry',
  'InvoiceInquiry',
  // R-CREDIT-10: the template preview is made for a customer the clerk picks.
  'FormLetter',
  'FormLetterMaintenance',
  // R-RPT-51: the reports filter by customer.
  'Reports',
];

/** Billing lines are the same seven-line layout as the address, none of them a list column. */
function billingLines(): Record<string, Field> {
  return Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7].map((line) => [
      `billingAddress${line}`,
      text({ label: `Billing address line ${line}`, section: 'billing' }),
    ]),
  );
}

/**
 * What every pricing default shares (R-ENTITY-11). The price fields are the ones of
 * pricing.ts's priceFieldNames (R-PERM-6): standbyPrice, priceAdjustment and its percent flag.
 */
function pricingFields(): Record<string, Field> {
  return {
    startDate: date({ label: 'Starts', hint: 'Left empty: in force until it ends' }),
    terminationDate: date({ label: 'Ends' }),
    shortLoadTypeId: reference('shortLoadTypes', { label: 'Short load charge' }),
    freeShortLoadId: reference('freeShortLoads', { label: 'Free short loads' }),
    standbyChargeTypeId: reference('standbyChargeTypes', { label: 'Standby charge' }),
    standbyMinPerQty: decimal({
      label: 'Free standby minutes per unit',
      hint: 'Minutes on site per unit delivered before standby is charged',
    }),
    standbyPrice: money({ label: 'Standby price', price: true }),
    salesmanEmployeeId: reference('employees', { label: 'Salesman' }),
    salesPlantId: reference('plants', { label: 'Sales plant' }),
    // A discount is negative; with the percent flag the amount is a percentage of the price.
    priceAdjustment: money({ label: 'Price adjustment', min: -9_999_999_999, price: true }),
    priceAdjustmentPercentFlag: flag({ label: 'Adjustment is a percentage', price: true }),
    termsDiscountId: reference('termsDiscounts', { label: 'Terms' }),
    nonworkdayChargeFlag: flag({ label: 'Charge on non-workdays' }),
  };
}

const concretePricing = {
  ...pricingFields(),
  cartageRate: money({ label: 'Cartage rate', price: true }),
  printMaterialTypeId: reference('printMaterialTypes', { label: 'Print material type' }),
  requireOnSiteQC: flag({ label: 'Requires on-site QC' }),
};

const aggregatePricing = {
  ...pricingFields(),
  requireQuotedDelChargeFlag: flag({ label: 'Requires a quoted delivery charge' }),
  overrideFuelSurchargeFlag: flag({ label: 'Overrides the fuel surcharge' }),
  printMaterialTypeId: reference('printMaterialTypes', { label: 'Print material type' }),
};

const blockPricing = {
  ...pricingFields(),
  blockRestockingCharge: money({
    label: 'Restocking charge',
    hint: 'An amount, or a percentage of the returned goods when the flag beside it is set',
    price: true,
  }),
  blockRestockPercentFlag: flag({ label: 'Restocking charge is a percentage' }),
};

/** The pricing collection of each system type, keyed (and tabbed) by the type's key. */
export const customerPricingCollections: Readonly<Record<SystemTypeKey, number>> = {
  concrete: 1,
  aggregate: 2,
  block: 3,
};

/** A pricing row must not end before it starts (the tables' dates check, shown on the field). */
const pricingDatesInOrder: RecordRule = (record) => {
  const problems: FieldProblem[] = [];
  for (const key of Object.keys(customerPricingCollections)) {
    const rows = record[key];
    if (!Array.isArray(rows)) continue;
    rows.forEach((row: Record<string, unknown> | null | undefined, index) => {
      const start = row?.startDate;
      const end = row?.terminationDate;
      if (typeof start === 'string' && typeof end === 'string' && end < start) {
        problems.push({
          field: `${key}.${index}.terminationDate`,
          reason: 'must not be before the start',
        });
      }
    });
  }
  return problems;
};

export const customerResource = defineResource({
  name: 'customers',
  path: 'customers',
  singular: 'Customer',
  plural: 'Customers',
  screen: 'CustomerMaintenance',
  pickedBy: customerPickers,
  labelField: 'name',
  numberField: 'number',
  fields: {
    number: text({ label: 'Number', required: true, max: 30, list: true, numbered: true }),
    name: text({ label: 'Name', required: true, list: true }),
    sortName: text({
      label: 'Sort name',
      hint: 'How the customer is filed when it differs from the name ("Smith, J")',
    }),
    ...addressLines(),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
    // Issue 25, item 4: the customer's tickets and invoices are printed in this language.
    language: choice(documentLanguageChoices, {
      label: 'Language',
      hint: 'Its delivery tickets and invoices are printed in this language',
      required: true,
      default: defaultDocumentLanguage,
    }),
    billingName: text({ label: 'Billing name', section: 'billing' }),
    ...billingLines(),
    billingEmailAddress: email({ label: 'Billing email', section: 'billing' }),
    // R-INV-13: the nightly run invoices this customer's delivered tickets as Flag Invoice would.
    autoInvoiceFlag: flag({
      label: 'Invoice automatically each night',
      hint: 'Delivered tickets are invoiced at the nightly invoicing time; any that cannot be are left for Flag Invoice',
      section: 'billing',
    }),
    contactName: text({ label: 'Contact', section: 'contacts', list: true }),
    phoneNumber: phone({ label: 'Phone', section: 'contacts', list: true }),
    phoneExtension: text({ label: 'Extension', max: 20, section: 'contacts' }),
    faxNumber: phone({ label: 'Fax', section: 'contacts' }),
    emailAddress: email({ label: 'Email', section: 'contacts' }),
    emailAddressCsv: emailList({
      label: 'Ticket and invoice emails',
      hint: 'Copied into new orders; separate addresses with commas',
      section: 'contacts',
    }),
    // R-TRACK-15: the notices the order's addresses (from the emails above) get, per kind.
    noticeDayBefore: flag({
      label: 'E-mail a confirmation the day before',
      hint: 'With one-click links to confirm the order or ask to cancel or change it',
      section: 'contacts',
      default: true,
    }),
    noticeFirstLoad: flag({
      label: 'E-mail when the first load is sent',
      hint: 'With the link to follow the pour and the first load’s arrival time',
      section: 'contacts',
      default: true,
    }),
    noticeDaysEnd: flag({
      label: 'E-mail a summary at the day’s end',
      hint: 'The delivered tickets and quantities, with the signed tickets attached',
      section: 'contacts',
      default: true,
    }),
    // R-TRACK-14: e-mailed notices never carry prices unless this is set.
    noticePricedTickets: flag({
      label: 'Show prices on e-mailed tickets',
      hint: 'Off: the tickets attached to notices are printed without prices',
      section: 'contacts',
    }),
    creditStatusId: reference('creditStatuses', {
      label: 'Credit status',
      section: 'credit',
      list: true,
    }),
    creditLimit: money({ label: 'Credit limit', section: 'credit' }),
    cashOnlyFlag: flag({ label: 'Cash only', section: 'credit', list: true }),
    creditNotes: multiline({ label: 'Credit notes', section: 'credit' }),
    taxScheduleId: reference('taxSchedules', { label: 'Tax schedule', section: 'credit' }),
    nontaxableFlag: flag({ label: 'Nontaxable', section: 'credit' }),
    taxExemptNumber: text({ label: 'Tax exempt number', max: 50, section: 'credit' }),
    accountingCustomerNumber: text({
      label: 'Accounting customer number',
      hint: 'The customer in the accounting system invoices are exported to',
      max: 50,
      section: 'credit',
    }),
  },
  // R-BENCH-1: the clerk's search is by name, number or phone.
  search: ['name', 'number', 'phoneNumber', 'sortName'],
  sort: ['name', 'number', 'sortName', 'contactName', 'id'],
  filters: ['creditStatusId', 'taxScheduleId', 'cashOnlyFlag', 'nontaxableFlag'],
  sections: [
    { key: 'main', label: 'General' },
    { key: 'billing', label: 'Billing' },
    { key: 'contacts', label: 'Contacts' },
    { key: 'credit', label: 'Credit, terms and tax' },
    ...systemTypes.map((type) => ({ key: type.key, label: `${type.name} pricing` })),
    { key: 'jobs', label: 'Jobs' },
    { key: 'letters', label: 'Letters' },
  ],
  children: {
    concrete: { label: 'Concrete pricing defaults', fields: concretePricing },
    aggregate: { label: 'Aggregate pricing defaults', fields: aggregatePricing },
    block: { label: 'Block pricing defaults', fields: blockPricing },
  },
  rules: [pricingDatesInOrder],
});
