/**
 * 200 customers: concrete and masonry contractors, excavators, home builders, general
 * contractors, landscapers, public works departments and walk-in cash accounts, each with dated
 * pricing defaults for the system types it buys.
 */
import { systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import {
  customerAggregatePricing,
  customerBlockPricing,
  customerConcretePricing,
  customers,
} from '../src/db/schema/customers';
import type { DemoClock } from './demo-clock';
import { companyWords, lastNames, personName, phoneNumber, slug } from './demo-names';
import type { DemoPlant } from './demo-plants';
import type { DemoStaff } from './demo-staff';
import {
  counties,
  milesBetween,
  places,
  streets,
  taxExemptScheduleId,
  type Place,
} from './metro-area';
import type { Random } from './random';
import {
  creditStatusIds,
  freeShortLoadIds,
  printMaterialTypeIds,
  shortLoadTypeIds,
  standbyChargeTypeIds,
  termsDiscountIds,
} from '../src/db/reference-ids';
import { idAt, insertAll, insertReturningIds, type SeedDb } from '../src/db/bulk-insert';

export const customerCount = 200;

export type CustomerCategory =
  | 'concrete'
  | 'excavating'
  | 'masonry'
  | 'homebuilder'
  | 'general'
  | 'landscaping'
  | 'municipal'
  | 'cash';

export type CustomerPricing = {
  readonly shortLoadTypeId: number | null;
  readonly freeShortLoadId: number | null;
  readonly standbyChargeTypeId: number;
  readonly printMaterialTypeId: number | null;
  readonly priceAdjustment: number;
  readonly priceAdjustmentPercentFlag: boolean;
  readonly cartageRate: number | null;
};

export type DemoCustomer = {
  readonly id: number;
  readonly number: string;
  readonly name: string;
  readonly category: CustomerCategory;
  readonly systemTypeIds: readonly SystemTypeId[];
  readonly place: Place;
  readonly creditStatusId: number;
  readonly taxScheduleId: number;
  readonly nontaxable: boolean;
  readonly cashOnly: boolean;
  readonly contactName: string;
  readonly emailAddressCsv: string;
  /** How busy the customer is: the share of jobs and orders it gets. */
  readonly weight: number;
  readonly pricing: ReadonlyMap<SystemTypeId, CustomerPricing>;
};

type Template = (random: Random) => string;

const surname = (random: Random) => random.pick(lastNames);
const word = (random: Random) => random.pick(companyWords);

const templates: Record<Exclude<CustomerCategory, 'municipal' | 'cash'>, readonly Template[]> = {
  concrete: [
    (r) => `${surname(r)} Concrete`,
    (r) => `${surname(r)} Concrete Construction`,
    (r) => `${surname(r)} Flatwork LLC`,
    (r) => `${surname(r)} & Sons Concrete`,
    (r) => `${surname(r)} Foundations Inc.`,
    (r) => `${word(r)} Concrete Services`,
    (r) => `${word(r)} Decorative Concrete`,
    (r) => `${surname(r)} Brothers Concrete`,
    (r) => `${word(r)} Foundations`,
  ],
  excavating: [
    (r) => `${surname(r)} Excavating`,
    (r) => `${surname(r)} Excavating & Grading`,
    (r) => `${surname(r)} Site Development`,
    (r) => `${word(r)} Earthworks LLC`,
    (r) => `${word(r)} Paving & Excavating`,
    (r) => `${surname(r)} Trucking & Excavating`,
    (r) => `${surname(r)} Utility Contractors`,
  ],
  masonry: [
    (r) => `${surname(r)} Masonry`,
    (r) => `${surname(r)} Brothers Masonry`,
    (r) => `${word(r)} Masonry Contractors`,
    (r) => `${surname(r)} Block & Brick LLC`,
    (r) => `${word(r)} Masonry Restoration`,
  ],
  homebuilder: [
    (r) => `${surname(r)} Homes`,
    (r) => `${surname(r)} Custom Homes`,
    (r) => `${word(r)} Homes Inc.`,
    (r) => `${surname(r)} Builders`,
    (r) => `${surname(r)}-${surname(r)} Builders`,
    (r) => `${word(r)} Residential`,
  ],
  general: [
    (r) => `${surname(r)} Construction Co.`,
    (r) => `${surname(r)} General Contractors`,
    (r) => `${word(r)} Builders Group`,
    (r) => `${surname(r)} & ${surname(r)} Construction`,
    (r) => `${word(r)} Construction Services`,
    (r) => `${word(r)} Design-Build`,
  ],
  landscaping: [
    (r) => `${surname(r)} Landscaping`,
    (r) => `${word(r)} Landscape Supply`,
    (r) => `${surname(r)} Lawn & Landscape`,
    (r) => `${word(r)} Hardscapes`,
    (r) => `${surname(r)} Outdoor Living`,
  ],
};

const municipalCustomers: readonly (readonly [string, number])[] = [
  ['City of Dublin - Streets Division', 11],
  ['City of Hilliard - Public Service', 12],
  ['City of Westerville - Public Works', 15],
  ['City of Grove City - Service Department', 21],
  ['City of Gahanna - Public Service', 16],
  ['Franklin County Engineer', 1],
  ['Delaware County Engineer', 32],
  ['City of Worthington - Service Department', 14],
  ['Village of Obetz', 23],
  ['City of Reynoldsburg - Public Service', 20],
  ['Pickerington Local Schools - Facilities', 28],
  ['City of Upper Arlington - Public Service', 13],
];

const cashCustomers = ['Cash Sales - Walk-in', 'Cash Sales - Homeowner', 'Cash Sales - Contractor'];

/** R-INV-13: public works departments whose payables want each day's deliveries on one invoice. */
export const autoInvoiceCustomers: readonly string[] = [
  'City of Westerville - Public Works',
  'Delaware County Engineer',
];

/**
 * Issue 25, item 4: a contractor whose office reads Spanish, so its tickets and invoices print in
 * Spanish. One of the busiest concrete customers the default seed draws; under another seed the
 * name may not be drawn, and every customer stays English.
 */
export const spanishCustomers: readonly string[] = ['Vasquez Concrete Construction'];

const categoryWeights: readonly (readonly [keyof typeof templates, number])[] = [
  ['concrete', 50],
  ['excavating', 30],
  ['masonry', 22],
  ['homebuilder', 30],
  ['general', 28],
  ['landscaping', 20],
];

function systemTypesFor(random: Random, category: CustomerCategory): SystemTypeId[] {
  const { concrete, aggregate, block } = systemTypeIds;
  const maybe = (id: SystemTypeId, p: number) => (random.chance(p) ? [id] : []);
  switch (category) {
    case 'concrete':
      return [concrete, ...maybe(aggregate, 0.25)];
    case 'excavating':
      return [...maybe(concrete, 0.5), aggregate];
    case 'masonry':
      return [...maybe(concrete, 0.7), block];
    case 'homebuilder':
      return [concrete, ...maybe(aggregate, 0.2), ...maybe(block, 0.4)];
    case 'general':
    case 'cash':
      return [concrete, aggregate, block];
    case 'landscaping':
      return [aggregate, ...maybe(block, 0.5)];
    case 'municipal':
      return [concrete, aggregate];
  }
}

/** Most of the trade sits in Franklin County; the suburbs beyond it get the rest. */
function officePlace(random: Random): Place {
  return random.weighted(
    places.map((place) => [place, place.county === 'franklin' ? 3 : 1] as const),
  );
}

export function nearestPlant(
  plants: readonly DemoPlant[],
  systemTypeId: SystemTypeId,
  place: Place,
) {
  const candidates = plants.filter((plant) => plant.systemTypeId === systemTypeId);
  const sorted = [...candidates].sort((a, b) => milesBetween(a, place) - milesBetween(b, place));
  const nearest = sorted[0];
  if (!nearest) throw new Error(`No plant of system type ${String(systemTypeId)}`);
  return nearest;
}

export async function seedCustomers(
  db: SeedDb,
  random: Random,
  clock: DemoClock,
  plants: readonly DemoPlant[],
  staff: DemoStaff,
): Promise<DemoCustomer[]> {
  const names = new Set<string>();
  type Draft = { name: string; category: CustomerCategory; place: Place };
  const drafts: Draft[] = [
    ...cashCustomers.map((name): Draft => ({ name, category: 'cash', place: places[0] as Place })),
    ...municipalCustomers.map(([name, placeId]): Draft => ({
      name,
      category: 'municipal',
      place: places.find((place) => place.id === placeId) ?? (places[0] as Place),
    })),
  ];
  for (const draft of drafts) names.add(draft.name);
  while (drafts.length < customerCount) {
    const category = random.weighted(categoryWeights);
    let name = random.pick(templates[category])(random);
    if (!/(Inc\.|LLC|Co\.)$/.test(name) && random.chance(0.25)) {
      name = `${name} ${random.pick(['Inc.', 'LLC'])}`;
    }
    if (names.has(name)) continue;
    names.add(name);
    drafts.push({ name, category, place: officePlace(random) });
  }
  // Numbers follow the order accounts were opened in, not the order they were drawn in.
  const accounts = [...drafts.slice(0, 3), ...random.shuffle(drafts.slice(3))];

  const customersData = accounts.map((draft, index) => {
    const cash = draft.category === 'cash';
    const municipal = draft.category === 'municipal';
    const creditStatusId = cash
      ? creditStatusIds.codOnly
      : municipal
        ? creditStatusIds.good
        : random.weighted([
            [creditStatusIds.good, 85],
            [creditStatusIds.codOnly, 6],
            [creditStatusIds.hold, 6],
            [creditStatusIds.collections, 3],
          ] as const);
    const domain = `${slug(draft.name.replace(/ (Inc\.|LLC|Co\.)$/, '')).slice(0, 24)}.example.com`;
    const contact = personName(random);
    const emails = random.chance(0.4)
      ? `dispatch@${domain},${slug(contact.firstName)}@${domain}`
      : `office@${domain}`;
    const taxScheduleId = municipal
      ? taxExemptScheduleId
      : counties[draft.place.county].taxScheduleId;
    return {
      draft,
      cash,
      municipal,
      creditStatusId,
      domain,
      contact,
      emails,
      taxScheduleId,
      systemTypeIds: systemTypesFor(random, draft.category),
      weight: cash
        ? 6
        : municipal
          ? 2
          : random.weighted([
              [1, 50],
              [2, 30],
              [4, 15],
              [8, 5],
            ] as const),
      number: cash ? `CASH${String(index + 1)}` : String(10001 + index * 3),
      street: `${String(random.int(100, 9899))} ${random.pick(streets)}`,
      suite: random.chance(0.25)
        ? `Suite ${String(random.int(1, 4) * 100 + random.int(0, 20))}`
        : null,
      poBox: random.chance(0.3) ? `PO Box ${String(random.int(100, 9999))}` : null,
      openedDaysAgo: cash ? 3650 : random.int(30, 4000),
    };
  });

  const customerIds = await insertReturningIds(
    db,
    customers,
    customersData.map((data) => {
      const { draft, contact, domain } = data;
      const county = counties[draft.place.county].name;
      const creditLimit = data.cash
        ? 0
        : data.municipal
          ? 500_000
          : random.int(2, 50) * 5000 * Math.min(data.weight, 4);
      return {
        number: data.number,
        name: draft.name,
        sortName: draft.name.replace(/^(City|Village) of /, '').toUpperCase(),
        address1: data.street,
        address2: data.suite,
        address3: draft.place.city,
        address5: 'OH',
        address6: county,
        address7: draft.place.zip,
        contactName: data.cash ? null : contact.completeName,
        phoneNumber: phoneNumber(random),
        phoneExtension: random.chance(0.2) ? String(random.int(10, 250)) : null,
        faxNumber: random.chance(0.4) ? phoneNumber(random) : null,
        emailAddress: data.cash ? null : `office@${domain}`,
        emailAddressCsv: data.cash ? null : data.emails,
        billingName: draft.name,
        billingAddress1: data.poBox ?? data.street,
        billingAddress2: data.poBox ? null : data.suite,
        billingAddress3: draft.place.city,
        billingAddress5: 'OH',
        billingAddress6: county,
        billingAddress7: draft.place.zip,
        billingEmailAddress: data.cash ? null : `ap@${domain}`,
        accountingCustomerNumber: `AR-${data.number}`,
        creditStatusId: data.creditStatusId,
        creditLimit,
        creditNotes:
          data.creditStatusId === creditStatusIds.hold
            ? 'Past due over 60 days. Call A/R before releasing any order.'
            : data.creditStatusId === creditStatusIds.collections
              ? 'Account with collections. Cash or certified check only.'
              : null,
        cashOnlyFlag: data.cash || data.creditStatusId === creditStatusIds.codOnly,
        autoInvoiceFlag: autoInvoiceCustomers.includes(draft.name),
        language: spanishCustomers.includes(draft.name) ? 'es' : 'en',
        taxScheduleId: data.taxScheduleId,
        nontaxableFlag: data.municipal,
        taxExemptNumber: data.municipal ? `OH-EX-${random.digits(6)}` : null,
        createdAt: clock.at(-data.openedDaysAgo, random.int(8 * 60, 16 * 60)),
      };
    }),
  );

  const seeded = customersData.map((data, index): DemoCustomer => {
    const pricing = new Map<SystemTypeId, CustomerPricing>();
    for (const systemTypeId of data.systemTypeIds) {
      const percent = random.chance(0.4);
      // Per unit sold: dollars a yard, cents a ton or a block.
      const step =
        systemTypeId === systemTypeIds.concrete
          ? 1
          : systemTypeId === systemTypeIds.aggregate
            ? 0.25
            : 0.01;
      const adjustment = percent
        ? -random.int(0, 8)
        : Math.round((-random.int(0, 12) + random.int(0, 3)) * step * 100) / 100;
      pricing.set(systemTypeId, {
        shortLoadTypeId:
          systemTypeId === systemTypeIds.concrete
            ? random.pick([shortLoadTypeIds.concreteUnder4, shortLoadTypeIds.concreteUnder6])
            : systemTypeId === systemTypeIds.aggregate
              ? shortLoadTypeIds.aggregateUnder10
              : null,
        freeShortLoadId:
          systemTypeId === systemTypeIds.block
            ? null
            : random.weighted([
                [freeShortLoadIds.none, 6],
                [freeShortLoadIds.one, 3],
                [freeShortLoadIds.two, 1],
              ] as const),
        standbyChargeTypeId:
          systemTypeId === systemTypeIds.concrete
            ? standbyChargeTypeIds.perMinute
            : random.pick([standbyChargeTypeIds.standard, standbyChargeTypeIds.perHour]),
        printMaterialTypeId:
          systemTypeId === systemTypeIds.block
            ? null
            : random.weighted([
                [printMaterialTypeIds.standard, 6],
                [printMaterialTypeIds.mixDesign, 3],
                [printMaterialTypeIds.batchWeights, 1],
              ] as const),
        priceAdjustment: data.cash ? 0 : adjustment,
        priceAdjustmentPercentFlag: percent,
        cartageRate:
          systemTypeId === systemTypeIds.concrete && random.chance(0.3)
            ? random.pick([8, 10, 12.5])
            : null,
      });
    }
    return {
      id: idAt(customerIds, index),
      number: data.number,
      name: data.draft.name,
      category: data.draft.category,
      systemTypeIds: data.systemTypeIds,
      place: data.draft.place,
      creditStatusId: data.creditStatusId,
      taxScheduleId: data.taxScheduleId,
      nontaxable: data.municipal,
      cashOnly: data.cash || data.creditStatusId === creditStatusIds.codOnly,
      contactName: data.cash ? 'Counter sale' : data.contact.completeName,
      emailAddressCsv: data.cash ? '' : data.emails,
      weight: data.weight,
      pricing,
    };
  });

  const startDate = `${clock.today.slice(0, 4)}-01-01`;
  const common = (customer: DemoCustomer, systemTypeId: SystemTypeId, pricing: CustomerPricing) => {
    const salesPlant = nearestPlant(plants, systemTypeId, customer.place);
    const salesman =
      staff.salesmen.find((employee) => employee.homePlantId === salesPlant.id) ??
      random.pick(staff.salesmen);
    return {
      customerId: customer.id,
      shortLoadTypeId: pricing.shortLoadTypeId,
      freeShortLoadId: pricing.freeShortLoadId,
      standbyChargeTypeId: pricing.standbyChargeTypeId,
      standbyMinPerQty: systemTypeId === systemTypeIds.concrete ? 6 : null,
      standbyPrice: systemTypeId === systemTypeIds.concrete ? 1.75 : 95,
      salesmanEmployeeId: salesman.id,
      salesPlantId: salesPlant.id,
      priceAdjustment: pricing.priceAdjustment,
      priceAdjustmentPercentFlag: pricing.priceAdjustmentPercentFlag,
      termsDiscountId: customer.cashOnly
        ? termsDiscountIds.dueOnReceipt
        : customer.category === 'municipal'
          ? termsDiscountIds.net30
          : random.weighted([
              [termsDiscountIds.net30, 6],
              [termsDiscountIds.twoTenNet30, 2],
              [termsDiscountIds.oneTenNet30, 1],
              [termsDiscountIds.net15, 1],
            ] as const),
      nonworkdayChargeFlag: random.chance(0.3),
      startDate,
      terminationDate: null,
    };
  };
  const pricingOf = (systemTypeId: SystemTypeId) =>
    seeded.flatMap((customer) => {
      const pricing = customer.pricing.get(systemTypeId);
      return pricing ? [{ customer, pricing }] : [];
    });
  await insertAll(
    db,
    customerConcretePricing,
    pricingOf(systemTypeIds.concrete).map(({ customer, pricing }) => ({
      ...common(customer, systemTypeIds.concrete, pricing),
      cartageRate: pricing.cartageRate,
      printMaterialTypeId: pricing.printMaterialTypeId,
      requireOnSiteQC: customer.category === 'municipal' || random.chance(0.1),
    })),
  );
  await insertAll(
    db,
    customerAggregatePricing,
    pricingOf(systemTypeIds.aggregate).map(({ customer, pricing }) => ({
      ...common(customer, systemTypeIds.aggregate, pricing),
      requireQuotedDelChargeFlag: random.chance(0.2),
      overrideFuelSurchargeFlag: random.chance(0.1),
      printMaterialTypeId: pricing.printMaterialTypeId,
    })),
  );
  await insertAll(
    db,
    customerBlockPricing,
    pricingOf(systemTypeIds.block).map(({ customer, pricing }) => {
      const percent = random.chance(0.6);
      return {
        ...common(customer, systemTypeIds.block, pricing),
        blockRestockingCharge: percent ? 15 : 50,
        blockRestockPercentFlag: percent,
      };
    }),
  );
  return seeded;
}
