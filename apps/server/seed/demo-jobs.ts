/**
 * 400 job sites across the metro area, and the quotes a share of them were won on. Every customer
 * has at least one job; busy customers have several.
 */
import { systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import { jobs } from '../src/db/schema/jobs';
import { quoteProducts, quotes } from '../src/db/schema/quotes';
import type { DemoClock } from './demo-clock';
import { nearestPlant, type CustomerCategory, type DemoCustomer } from './demo-customers';
import { companyWords, lastNames, phoneNumber, subdivisions } from './demo-names';
import type { DemoPlant } from './demo-plants';
import type { DemoProduct } from './demo-products';
import type { DemoStaff } from './demo-staff';
import { counties, places, streets, taxExemptScheduleId, type Place } from './metro-area';
import type { Random } from './random';
import { jobTypeIds } from './reference-data';
import { idAt, insertAll, insertReturningIds, type SeedDb } from '../src/db/bulk-insert';

export const jobCount = 400;

export type DemoQuote = {
  readonly id: number;
  readonly number: string;
  /** Quoted price per product id. */
  readonly prices: ReadonlyMap<number, number>;
};

export type DemoJob = {
  readonly id: number;
  readonly number: string;
  readonly customer: DemoCustomer;
  readonly siteName: string;
  readonly street: string;
  readonly lat: number;
  readonly lon: number;
  readonly place: Place;
  /** The system types the site takes, the first being what it mostly orders. */
  readonly systemTypeIds: readonly SystemTypeId[];
  readonly plantIdBySystemType: ReadonlyMap<SystemTypeId, number>;
  readonly customerPoNumber: string;
  readonly taxScheduleId: number;
  readonly active: boolean;
  readonly quote: DemoQuote | null;
};

export type DemoJobs = {
  readonly jobs: readonly DemoJob[];
  readonly quoteCount: number;
  readonly quoteProductCount: number;
};

const work = ['basement', 'driveway', 'garage slab', 'pole barn', 'patio', 'sidewalk', 'addition'];

function siteName(
  random: Random,
  category: CustomerCategory,
  place: Place,
  streetName: string,
): string {
  const last = random.pick(lastNames);
  const bare = streetName.replace(/^(N|S|E|W) /, '');
  const templates: Record<CustomerCategory, readonly (() => string)[]> = {
    concrete: [
      () => `${random.pick(subdivisions)} Lot ${String(random.int(1, 180))}`,
      () => `${last} Residence - ${random.pick(work)}`,
      () => `${bare} Driveway & Approach`,
      () => `${place.city} Warehouse Floor Slab`,
    ],
    homebuilder: [
      () => `${random.pick(subdivisions)} Lot ${String(random.int(1, 180))}`,
      () => `${random.pick(subdivisions)} Model Home`,
      () => `${last} Residence`,
    ],
    excavating: [
      () => `${bare} Road Widening`,
      () => `${place.city} Water Main Replacement`,
      () => `${bare} Storm Sewer`,
      () => `Parking Lot Base - ${bare}`,
    ],
    masonry: [
      () => `${place.city} Self Storage Bldg ${random.pick(['A', 'B', 'C', 'D'])}`,
      () => `${bare} Retaining Wall`,
      () => `${place.city} Fire Station No. ${String(random.int(2, 30))}`,
      () => `${last} Garage Foundation`,
    ],
    general: [
      () => `${bare} Retail Center`,
      () => `${place.city} Medical Office Building`,
      () => `${random.pick(companyWords)} Distribution Center - Bldg ${String(random.int(1, 6))}`,
      () => `${bare} Apartments Phase ${String(random.int(1, 3))}`,
      () => `${place.city} Elementary School Addition`,
      () => `Warehouse Expansion - ${bare}`,
    ],
    landscaping: [
      () => `${last} Residence - Patio`,
      () => `${random.pick(subdivisions)} Entrance Features`,
      () => `${bare} Hardscape`,
    ],
    municipal: [
      () => `${bare} Sidewalk Replacement`,
      () => `Curb & Gutter - ${bare}`,
      () => `${bare} Culvert Replacement`,
      () => `${place.city} Salt Barn Pad`,
    ],
    cash: [() => `${last} Residence`, () => `${last} Farm - ${random.pick(work)}`],
  };
  return random.pick(templates[category])();
}

function jobTypeFor(category: CustomerCategory): number {
  switch (category) {
    case 'concrete':
    case 'homebuilder':
    case 'landscaping':
    case 'cash':
      return jobTypeIds.residential;
    case 'general':
    case 'masonry':
      return jobTypeIds.commercial;
    case 'municipal':
      return jobTypeIds.publicWorks;
    case 'excavating':
      return jobTypeIds.industrial;
  }
}

/** The primary system type leads; jobs of mixed customers take one or two of the customer's. */
function jobSystemTypes(random: Random, customer: DemoCustomer): SystemTypeId[] {
  const types = customer.systemTypeIds;
  const primary = random.weighted(
    types.map((id) => [id, id === systemTypeIds.concrete ? 3 : 2] as const),
  );
  const others = types.filter((id) => id !== primary && random.chance(0.35));
  return [primary, ...others];
}

/** Q, the two-digit year the quote was written in, and a running number. */
function quoteNumber(index: number, quoteDate: string): string {
  return `Q${quoteDate.slice(2, 4)}-${String(index + 101).padStart(4, '0')}`;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

export async function seedJobs(
  db: SeedDb,
  random: Random,
  clock: DemoClock,
  plants: readonly DemoPlant[],
  customers: readonly DemoCustomer[],
  catalogue: readonly DemoProduct[],
  staff: DemoStaff,
): Promise<DemoJobs> {
  const owners = [
    ...customers,
    ...Array.from({ length: jobCount - customers.length }, () =>
      random.weighted(customers.map((customer) => [customer, customer.weight] as const)),
    ),
  ];
  const year = clock.today.slice(2, 4);
  const drafts = owners.map((customer, index) => {
    const place = random.weighted(
      places.map(
        (candidate) =>
          [
            candidate,
            (candidate.county === customer.place.county ? 3 : 1) *
              (candidate.county === 'franklin' ? 2 : 1),
          ] as const,
      ),
    );
    const streetName = random.pick(streets);
    const street = `${String(random.int(100, 9899))} ${streetName}`;
    const types = jobSystemTypes(random, customer);
    const name = siteName(random, customer.category, place, streetName);
    return {
      customer,
      place,
      street,
      name,
      types,
      number: `${year}-${String(index + 1).padStart(4, '0')}`,
      lat: round6(place.lat + random.float(-0.015, 0.015)),
      lon: round6(place.lon + random.float(-0.02, 0.02)),
      poNumber:
        customer.category === 'cash'
          ? 'CASH'
          : customer.category === 'municipal'
            ? `PO ${clock.today.slice(0, 4)}-${random.digits(4)}`
            : `PO ${random.digits(5)}`,
      quoted: customer.category !== 'cash' && random.chance(0.3),
      active: index < customers.length || random.chance(0.94),
      lot: /Lot (\d+)/.exec(name)?.[0] ?? null,
    };
  });

  const primaryProducts = (systemTypeId: SystemTypeId) =>
    catalogue.filter((product) => product.systemTypeId === systemTypeId && product.primary);
  const quoted = drafts.filter((draft) => draft.quoted);
  const quoteLines = quoted.map((draft) => {
    const systemTypeId = draft.types[0] ?? systemTypeIds.concrete;
    const discount = random.int(2, 8) / 100;
    const lines = random.sample(primaryProducts(systemTypeId), random.int(2, 4)).map((product) => ({
      product,
      price: Math.round(product.price * (1 - discount) * 100) / 100,
      quantity:
        systemTypeId === systemTypeIds.concrete
          ? random.int(4, 60) * 10
          : systemTypeId === systemTypeIds.aggregate
            ? random.int(5, 120) * 20
            : random.int(10, 200) * 90,
    }));
    return { draft, systemTypeId, lines, quoteDaysAgo: random.int(10, 200) };
  });
  const quoteIds = await insertReturningIds(
    db,
    quotes,
    quoteLines.map(({ draft, systemTypeId, quoteDaysAgo }, index) => {
      const plant = nearestPlant(plants, systemTypeId, draft.place);
      const salesman =
        staff.salesmen.find((employee) => employee.homePlantId === plant.id) ??
        random.pick(staff.salesmen);
      return {
        number: quoteNumber(index, clock.date(-quoteDaysAgo)),
        description: draft.name,
        customerId: draft.customer.id,
        customerName: draft.customer.name,
        plantId: plant.id,
        systemTypeId,
        salesmanEmployeeId: salesman.id,
        contactName: draft.customer.contactName,
        quoteDate: clock.date(-quoteDaysAgo),
        effectiveDate: clock.date(-quoteDaysAgo),
        expirationDate: clock.date(-quoteDaysAgo + 180),
        notes: random.chance(0.3)
          ? 'Prices firm for 180 days. Winter charges apply Dec-Mar.'
          : null,
      };
    }),
  );
  await insertAll(
    db,
    quoteProducts,
    quoteLines.flatMap(({ lines, systemTypeId }, quoteIndex) =>
      lines.map(({ product, price, quantity }, sequence) => ({
        quoteId: idAt(quoteIds, quoteIndex),
        productId: product.id,
        sequence,
        quantity,
        price,
        unitOfMeasureId: product.unitOfMeasureId,
        taxableFlag: product.taxableFlag,
        deliveryCharge: systemTypeId === systemTypeIds.aggregate ? 4.5 : null,
      })),
    ),
  );
  const quoteByDraft = new Map(
    quoteLines.map(({ draft, lines, quoteDaysAgo }, index): [typeof draft, DemoQuote] => [
      draft,
      {
        id: idAt(quoteIds, index),
        number: quoteNumber(index, clock.date(-quoteDaysAgo)),
        prices: new Map(lines.map(({ product, price }) => [product.id, price])),
      },
    ]),
  );

  const rows = drafts.map((draft) => {
    const quote = quoteByDraft.get(draft);
    const primary = draft.types[0] ?? systemTypeIds.concrete;
    const municipal = draft.customer.category === 'municipal';
    return {
      customerId: draft.customer.id,
      customerJobNumber: random.chance(0.4) ? `${random.digits(2)}-${random.digits(3)}` : null,
      customerPoNumber: draft.poNumber,
      number: draft.number,
      address1: draft.street,
      address2: draft.name,
      address3: draft.place.city,
      address4: random.chance(0.3)
        ? random.pick([
            'Enter from the north gate',
            'Call foreman 15 min out',
            'Washout bin at the south end of the lot',
            `Near ${random.pick(streets)}`,
          ])
        : null,
      address5: 'OH',
      address6: counties[draft.place.county].name,
      address7: draft.place.zip,
      gpsLat: draft.lat,
      gpsLon: draft.lon,
      jobTypeId: jobTypeFor(draft.customer.category),
      lockedFlag: random.chance(0.03),
      nontaxableFlag: draft.customer.nontaxable,
      inactiveFlag: !draft.active,
      createdInOrderEntry: random.chance(0.1),
      creditLimit: null,
      jobLimit: random.chance(0.15) ? random.int(2, 20) * 5000 : null,
      lotOrBlockNumber: draft.lot,
      mapReferenceId: random.chance(0.3)
        ? `Page ${String(random.int(10, 90))} ${random.pick(['A', 'B', 'C', 'D', 'E'])}${String(random.int(1, 6))}`
        : null,
      plantId: nearestPlant(plants, primary, draft.place).id,
      quoteId: quote?.id ?? null,
      quoteNumber: quote?.number ?? null,
      quoteDescription: quote ? draft.name : null,
      suburbId: draft.place.id,
      taxScheduleId: draft.customer.nontaxable
        ? taxExemptScheduleId
        : counties[draft.place.county].taxScheduleId,
      clientUseTaxFlag: false,
      phoneNumber: random.chance(0.5) ? phoneNumber(random) : null,
      publicWorksDirNumber: municipal ? `PW-${random.digits(6)}` : null,
    };
  });
  const jobIds = await insertReturningIds(db, jobs, rows);
  const seeded = drafts.map((draft, index): DemoJob => {
    const row = rows[index];
    return {
      id: idAt(jobIds, index),
      number: draft.number,
      customer: draft.customer,
      siteName: draft.name,
      street: draft.street,
      lat: draft.lat,
      lon: draft.lon,
      place: draft.place,
      systemTypeIds: draft.types,
      plantIdBySystemType: new Map(
        draft.types.map((type) => [type, nearestPlant(plants, type, draft.place).id]),
      ),
      customerPoNumber: draft.poNumber,
      taxScheduleId: row?.taxScheduleId ?? taxExemptScheduleId,
      active: draft.active,
      quote: quoteByDraft.get(draft) ?? null,
    };
  });
  return {
    jobs: seeded,
    quoteCount: quoteIds.length,
    quoteProductCount: quoteLines.reduce((sum, { lines }) => sum + lines.length, 0),
  };
}
