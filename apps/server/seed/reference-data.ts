/**
 * The lookups every named database needs before anyone can enter an order: types, reasons,
 * statuses, tax, terms, charges, zones and suburbs, groups and settings. No users, no passwords,
 * no business data, so it is safe for LIVE as well as DEMO. Every insert skips rows that already
 * exist (ON CONFLICT DO NOTHING): rerunning it never duplicates a row or undoes an administrator's
 * rename, including the placeholder rows migration 0001 inserts.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { truckStatuses as truckStatusCatalogue } from '@dispatch/domain/trucks/truck-status';
import { systemTypes } from '@dispatch/domain/system-types';
import { units } from '@dispatch/domain/units';
import {
  seededLookupText,
  type SeededLookupResource,
} from '@dispatch/domain/lookups/seeded-lookup-text';
import { groups } from '../src/db/schema/auth';
import {
  adjustmentTypes,
  conversionFactorTypes,
  creditStatuses,
  deliveryChargeTypes,
  divisions,
  employeeTypes,
  freeShortLoads,
  glCategories,
  jobTypes,
  loadStatuses,
  orderFlags,
  orderTypes,
  plantColors,
  printMaterialTypes,
  productTypes,
  reasons,
  shortLoadTypes,
  standbyChargeTypes,
  suburbs,
  taxLevels,
  taxScheduleLevels,
  taxSchedules,
  termsDiscounts,
  ticketStatuses,
  truckFlags,
  truckStatuses,
  truckTypes,
  unitsOfMeasure,
  usageTypes,
  voidStatuses,
  zones,
} from '../src/db/schema/lookups';
import { printDestinations, systemParameters } from '../src/db/schema/settings';
import { counties, places, taxExemptScheduleId, zoneIdOf, zoneRings } from './metro-area';
import {
  creditStatusIds,
  deliveryChargeTypeIds,
  divisionIds,
  employeeTypeIds,
  freeShortLoadIds,
  glCategoryIds,
  loadStatusIds,
  orderFlagIds,
  orderTypeIds,
  printMaterialTypeIds,
  productTypeIds,
  reasonIds,
  shortLoadTypeIds,
  standbyChargeTypeIds,
  termsDiscountIds,
  ticketStatusIds,
  truckFlagIds,
  truckTypeIds,
  usageTypeIds,
  voidStatusIds,
} from '../src/db/reference-ids';
import type { SeedDb } from '../src/db/bulk-insert';

type Lookup = { id: number; description: string };

const lookup = (id: number, description: string): Lookup => ({ id, description });

/** A lookup row the web also shows translated: its English text lives in domain, once. */
const seededLookup = (resource: SeededLookupResource, id: number): Lookup =>
  lookup(id, (seededLookupText[resource] as Record<number, string>)[id]!);

const orderTypeRows = [
  { ...seededLookup('orderTypes', orderTypeIds.concreteDelivery), systemTypeId: 1 },
  { ...seededLookup('orderTypes', orderTypeIds.concreteCashSale), systemTypeId: 1 },
  { ...seededLookup('orderTypes', orderTypeIds.concretePump), systemTypeId: 1 },
  { ...seededLookup('orderTypes', orderTypeIds.concretePickup), systemTypeId: 1 },
  { ...seededLookup('orderTypes', orderTypeIds.aggregateDelivery), systemTypeId: 2 },
  { ...seededLookup('orderTypes', orderTypeIds.aggregatePickup), systemTypeId: 2 },
  { ...seededLookup('orderTypes', orderTypeIds.aggregateRail), systemTypeId: 2 },
  { ...seededLookup('orderTypes', orderTypeIds.blockDelivery), systemTypeId: 3 },
  { ...seededLookup('orderTypes', orderTypeIds.blockPickup), systemTypeId: 3 },
  { ...seededLookup('orderTypes', orderTypeIds.blockReturn), systemTypeId: 3 },
];

const orderFlagRows = [
  { ...seededLookup('orderFlags', orderFlagIds.rush), colorHex: '#E03131' },
  { ...seededLookup('orderFlags', orderFlagIds.pumpOnSite), colorHex: '#1971C2' },
  { ...seededLookup('orderFlags', orderFlagIds.inspector), colorHex: '#F08C00' },
  { ...seededLookup('orderFlags', orderFlagIds.callAhead), colorHex: '#2F9E44' },
];

const reasonRows = [
  seededLookup('reasons', reasonIds.regular),
  seededLookup('reasons', reasonIds.addOn),
  seededLookup('reasons', reasonIds.replacement),
  seededLookup('reasons', reasonIds.warranty),
  seededLookup('reasons', 5),
  seededLookup('reasons', reasonIds.weather),
  seededLookup('reasons', reasonIds.customerCancelled),
  seededLookup('reasons', reasonIds.creditHold),
];

const creditStatusRows = [
  { ...seededLookup('creditStatuses', creditStatusIds.good), holdOrdersFlag: false },
  { ...seededLookup('creditStatuses', creditStatusIds.codOnly), holdOrdersFlag: false },
  { ...seededLookup('creditStatuses', creditStatusIds.hold), holdOrdersFlag: true },
  { ...seededLookup('creditStatuses', creditStatusIds.collections), holdOrdersFlag: true },
];

const glCategoryRows = [
  { ...seededLookup('glCategories', glCategoryIds.concrete), glAccountNumber: '4000' },
  { ...seededLookup('glCategories', glCategoryIds.aggregate), glAccountNumber: '4100' },
  { ...seededLookup('glCategories', glCategoryIds.block), glAccountNumber: '4200' },
  { ...seededLookup('glCategories', glCategoryIds.delivery), glAccountNumber: '4300' },
  { ...seededLookup('glCategories', glCategoryIds.fees), glAccountNumber: '4400' },
];

const truckTypeRows = [
  { ...seededLookup('truckTypes', truckTypeIds.mixer10), maxLoadQuantity: 10 },
  { ...seededLookup('truckTypes', truckTypeIds.mixer8), maxLoadQuantity: 8 },
  { ...seededLookup('truckTypes', truckTypeIds.tandemDump), maxLoadQuantity: 15 },
  { ...seededLookup('truckTypes', truckTypeIds.endDump), maxLoadQuantity: 24 },
  { ...seededLookup('truckTypes', truckTypeIds.flatbed), maxLoadQuantity: 1080 },
];

const truckFlagRows = [
  { ...seededLookup('truckFlags', truckFlagIds.needsWash), colorHex: '#74C0FC' },
  { ...seededLookup('truckFlags', truckFlagIds.lowFuel), colorHex: '#FFA94D' },
  { ...seededLookup('truckFlags', truckFlagIds.maintenanceDue), colorHex: '#FF6B6B' },
  { ...seededLookup('truckFlags', truckFlagIds.trainee), colorHex: '#B197FC' },
];

/** Ohio's state rate plus each county's permissive tax (and transit in Franklin County). */
const taxLevelRows = [
  { ...seededLookup('taxLevels', 1), taxRate: 5.75, glAccountNumber: '2310' },
  { ...lookup(2, 'Franklin County'), taxRate: 1.25, glAccountNumber: '2320' },
  { ...lookup(3, 'Central Ohio Transit Authority'), taxRate: 1.0, glAccountNumber: '2330' },
  { ...lookup(4, 'Delaware County'), taxRate: 1.5, glAccountNumber: '2321' },
  { ...lookup(5, 'Fairfield County'), taxRate: 1.5, glAccountNumber: '2322' },
  { ...lookup(6, 'Licking County'), taxRate: 1.5, glAccountNumber: '2323' },
  { ...lookup(7, 'Madison County'), taxRate: 1.5, glAccountNumber: '2324' },
  { ...lookup(8, 'Union County'), taxRate: 1.25, glAccountNumber: '2325' },
];

const taxScheduleLevelIds: Record<number, readonly number[]> = {
  [counties.franklin.taxScheduleId]: [1, 2, 3],
  [counties.delaware.taxScheduleId]: [1, 4],
  [counties.fairfield.taxScheduleId]: [1, 5],
  [counties.licking.taxScheduleId]: [1, 6],
  [counties.madison.taxScheduleId]: [1, 7],
  [counties.union.taxScheduleId]: [1, 8],
  [taxExemptScheduleId]: [],
};

/** The rate a schedule charges, in percent: the sum of its levels. */
export function taxRateOfSchedule(taxScheduleId: number): number {
  const levels = taxScheduleLevelIds[taxScheduleId] ?? [];
  const total = levels.reduce(
    (sum, levelId) => sum + (taxLevelRows.find((level) => level.id === levelId)?.taxRate ?? 0),
    0,
  );
  return Math.round(total * 100) / 100;
}

const taxScheduleRows = [
  ...Object.values(counties).map((county) =>
    lookup(
      county.taxScheduleId,
      `${county.name} (${taxRateOfSchedule(county.taxScheduleId).toFixed(2)}%)`,
    ),
  ),
  lookup(taxExemptScheduleId, 'Tax exempt'),
];

const termsDiscountRows = [
  {
    ...seededLookup('termsDiscounts', termsDiscountIds.net30),
    discountPercent: 0,
    discountDays: 0,
    netDays: 30,
  },
  {
    ...seededLookup('termsDiscounts', termsDiscountIds.twoTenNet30),
    discountPercent: 2,
    discountDays: 10,
    netDays: 30,
  },
  {
    ...seededLookup('termsDiscounts', termsDiscountIds.net15),
    discountPercent: 0,
    discountDays: 0,
    netDays: 15,
  },
  {
    ...seededLookup('termsDiscounts', termsDiscountIds.dueOnReceipt),
    discountPercent: 0,
    discountDays: 0,
    netDays: 0,
  },
  {
    ...seededLookup('termsDiscounts', termsDiscountIds.oneTenNet30),
    discountPercent: 1,
    discountDays: 10,
    netDays: 30,
  },
];

const shortLoadTypeRows = [
  {
    ...seededLookup('shortLoadTypes', shortLoadTypeIds.concreteUnder4),
    minimumQuantity: 4,
    charge: 95,
  },
  {
    ...seededLookup('shortLoadTypes', shortLoadTypeIds.concreteUnder6),
    minimumQuantity: 6,
    charge: 65,
  },
  {
    ...seededLookup('shortLoadTypes', shortLoadTypeIds.aggregateUnder10),
    // R-MAINT-22: an aggregate threshold; the others are concrete's (the column's default).
    systemTypeId: 2,
    minimumQuantity: 10,
    charge: 45,
  },
  { ...seededLookup('shortLoadTypes', shortLoadTypeIds.none), minimumQuantity: 0, charge: 0 },
];

const freeShortLoadRows = [
  { ...seededLookup('freeShortLoads', freeShortLoadIds.none), numberOfFreeLoads: 0 },
  { ...seededLookup('freeShortLoads', freeShortLoadIds.one), numberOfFreeLoads: 1 },
  { ...seededLookup('freeShortLoads', freeShortLoadIds.two), numberOfFreeLoads: 2 },
];

const standbyChargeTypeRows = [
  seededLookup('standbyChargeTypes', standbyChargeTypeIds.standard),
  seededLookup('standbyChargeTypes', standbyChargeTypeIds.perMinute),
  seededLookup('standbyChargeTypes', standbyChargeTypeIds.perHour),
  seededLookup('standbyChargeTypes', standbyChargeTypeIds.none),
];

const deliveryChargeTypeRows = [
  lookup(deliveryChargeTypeIds.standard, 'Standard delivery'),
  lookup(deliveryChargeTypeIds.perTon, 'Per ton'),
  lookup(deliveryChargeTypeIds.perLoad, 'Per load'),
  lookup(deliveryChargeTypeIds.perHour, 'Per hour'),
  lookup(deliveryChargeTypeIds.byZone, 'By zone'),
];

const printMaterialTypeRows = [
  seededLookup('printMaterialTypes', printMaterialTypeIds.standard),
  seededLookup('printMaterialTypes', printMaterialTypeIds.mixDesign),
  seededLookup('printMaterialTypes', printMaterialTypeIds.descriptionOnly),
  seededLookup('printMaterialTypes', printMaterialTypeIds.batchWeights),
];

const conversionFactorTypeRows = [
  lookup(1, 'Volume'),
  lookup(2, 'Weight'),
  lookup(3, 'Liquid volume'),
  lookup(4, 'Count'),
  lookup(5, 'Length'),
  lookup(6, 'Time'),
  lookup(7, 'Percent'),
];

/** Which kind of quantity each unit measures, for units migration 0001 left unclassified. */
const unitConversionFactorTypes: readonly (readonly [number, number])[] = [
  [units.cubicYards, 1],
  [units.pounds, 2],
  [units.gallons, 3],
  [units.fluidOz, 3],
  [units.each, 4],
  [units.tons, 2],
  [units.perYard, 1],
  [units.perPercent, 7],
  [units.cubicFeet, 1],
  [units.feet, 5],
  [units.ounces, 2],
  [units.tonPercent, 7],
  [units.yard, 1],
  [units.hours, 6],
  [units.railCars, 4],
  [units.eachQuantity, 4],
];

const divisionRows = [
  seededLookup('divisions', divisionIds.readyMix),
  seededLookup('divisions', divisionIds.aggregates),
  seededLookup('divisions', divisionIds.masonry),
];

const plantColorRows = [
  { ...seededLookup('plantColors', 1), colorHex: '#1C7ED6' },
  { ...seededLookup('plantColors', 2), colorHex: '#2F9E44' },
  { ...seededLookup('plantColors', 3), colorHex: '#F76707' },
  { ...seededLookup('plantColors', 4), colorHex: '#7048E8' },
  { ...seededLookup('plantColors', 5), colorHex: '#E03131' },
  { ...seededLookup('plantColors', 6), colorHex: '#0C8599' },
  { ...seededLookup('plantColors', 7), colorHex: '#F59F00' },
  { ...seededLookup('plantColors', 8), colorHex: '#AE3EC9' },
];

const employeeTypeRows = [
  seededLookup('employeeTypes', employeeTypeIds.driver),
  seededLookup('employeeTypes', employeeTypeIds.batchman),
  seededLookup('employeeTypes', employeeTypeIds.dispatcher),
  seededLookup('employeeTypes', employeeTypeIds.salesman),
  seededLookup('employeeTypes', employeeTypeIds.office),
  seededLookup('employeeTypes', employeeTypeIds.plantManager),
  seededLookup('employeeTypes', employeeTypeIds.scaleOperator),
  seededLookup('employeeTypes', employeeTypeIds.mechanic),
];

export const jobTypeIds = {
  none: 0,
  residential: 1,
  commercial: 2,
  publicWorks: 3,
  industrial: 4,
  agricultural: 5,
} as const;

const jobTypeRows = [
  seededLookup('jobTypes', jobTypeIds.none),
  seededLookup('jobTypes', jobTypeIds.residential),
  seededLookup('jobTypes', jobTypeIds.commercial),
  seededLookup('jobTypes', jobTypeIds.publicWorks),
  seededLookup('jobTypes', jobTypeIds.industrial),
  seededLookup('jobTypes', jobTypeIds.agricultural),
];

const usageTypeRows = [
  lookup(usageTypeIds.perUnit, 'Per unit'),
  lookup(usageTypeIds.perLoad, 'Per load'),
  lookup(usageTypeIds.perOrder, 'Per order'),
  lookup(usageTypeIds.perHour, 'Per hour'),
];

const productTypeRows = [
  { ...lookup(productTypeIds.concreteMix, 'Concrete mix'), systemTypeId: 1 },
  { ...lookup(productTypeIds.concreteAdmixture, 'Admixture and add-on'), systemTypeId: 1 },
  { ...lookup(productTypeIds.concreteService, 'Concrete service'), systemTypeId: 1 },
  { ...lookup(productTypeIds.stone, 'Crushed stone'), systemTypeId: 2 },
  { ...lookup(productTypeIds.sand, 'Sand'), systemTypeId: 2 },
  { ...lookup(productTypeIds.fill, 'Fill and base'), systemTypeId: 2 },
  { ...lookup(productTypeIds.cmu, 'Concrete masonry unit'), systemTypeId: 3 },
  { ...lookup(productTypeIds.specialtyBlock, 'Specialty block'), systemTypeId: 3 },
  { ...lookup(productTypeIds.blockAccessory, 'Pallets and accessories'), systemTypeId: 3 },
  { ...lookup(productTypeIds.surcharge, 'Surcharges and fees'), systemTypeId: null },
];

const adjustmentTypeRows = [
  lookup(1, 'Standard'),
  lookup(2, 'Shift following loads'),
  lookup(3, 'Keep following loads'),
  lookup(4, 'Respace remaining loads'),
];

const ticketStatusRows = [
  lookup(ticketStatusIds.open, 'Open'),
  lookup(ticketStatusIds.delivered, 'Delivered'),
  lookup(ticketStatusIds.complete, 'Complete'),
  lookup(ticketStatusIds.suspended, 'Suspended'),
  lookup(ticketStatusIds.voided, 'Voided'),
];

const voidStatusRows = [
  lookup(voidStatusIds.entryError, 'Entry error'),
  lookup(voidStatusIds.loadRejected, 'Load rejected on site'),
  lookup(voidStatusIds.duplicate, 'Duplicate ticket'),
  lookup(voidStatusIds.orderCancelled, 'Order cancelled'),
];

const loadStatusRows = [
  lookup(loadStatusIds.scheduled, 'Scheduled'),
  lookup(loadStatusIds.ticketed, 'Ticketed'),
  lookup(loadStatusIds.delivered, 'Delivered'),
  lookup(loadStatusIds.cancelled, 'Cancelled'),
];

const systemParameterRows = [
  {
    key: 'requireJobAddresses357',
    value: false,
    description: 'Jobs must have address lines 3 (city), 5 (state) and 7 (ZIP code).',
  },
];

const printDestinationRows = [
  { name: 'Dispatch', type: 'Printer' },
  { name: 'Scale House', type: 'Printer' },
  { name: 'Batch Office', type: 'Printer' },
  { name: 'Accounting', type: 'Printer' },
  { name: 'PDF', type: 'Pdf' },
];

export async function seedReferenceData(db: SeedDb): Promise<void> {
  await db.insert(orderTypes).values(orderTypeRows).onConflictDoNothing();
  await db.insert(orderFlags).values(orderFlagRows).onConflictDoNothing();
  await db.insert(reasons).values(reasonRows).onConflictDoNothing();
  await db.insert(creditStatuses).values(creditStatusRows).onConflictDoNothing();
  await db.insert(glCategories).values(glCategoryRows).onConflictDoNothing();
  await db.insert(truckTypes).values(truckTypeRows).onConflictDoNothing();
  await db
    .insert(truckStatuses)
    .values(
      truckStatusCatalogue.map((status) => ({
        id: status.id,
        description: status.name,
        location: status.location,
      })),
    )
    .onConflictDoNothing();
  await db.insert(truckFlags).values(truckFlagRows).onConflictDoNothing();
  await db.insert(taxLevels).values(taxLevelRows).onConflictDoNothing();
  await db.insert(taxSchedules).values(taxScheduleRows).onConflictDoNothing();
  await db
    .insert(taxScheduleLevels)
    .values(
      Object.entries(taxScheduleLevelIds).flatMap(([scheduleId, levelIds]) =>
        levelIds.map((taxLevelId) => ({ taxScheduleId: Number(scheduleId), taxLevelId })),
      ),
    )
    .onConflictDoNothing();
  await db.insert(termsDiscounts).values(termsDiscountRows).onConflictDoNothing();
  await db.insert(shortLoadTypes).values(shortLoadTypeRows).onConflictDoNothing();
  await db.insert(freeShortLoads).values(freeShortLoadRows).onConflictDoNothing();
  await db.insert(standbyChargeTypes).values(standbyChargeTypeRows).onConflictDoNothing();
  await db.insert(deliveryChargeTypes).values(deliveryChargeTypeRows).onConflictDoNothing();
  await db.insert(printMaterialTypes).values(printMaterialTypeRows).onConflictDoNothing();
  await db.insert(conversionFactorTypes).values(conversionFactorTypeRows).onConflictDoNothing();
  for (const [unitId, conversionFactorTypeId] of unitConversionFactorTypes) {
    // Only fills a gap: a classification an administrator chose is left as it is.
    await db
      .update(unitsOfMeasure)
      .set({ conversionFactorTypeId })
      .where(and(eq(unitsOfMeasure.id, unitId), isNull(unitsOfMeasure.conversionFactorTypeId)));
  }
  await db
    .insert(zones)
    .values(
      zoneRings.map((ring) => ({
        id: ring.id,
        description: ring.description,
        deliveryCharge: ring.deliveryCharge,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(suburbs)
    .values(
      places.map((place) => ({
        id: place.id,
        description: place.suburb === place.city ? place.city : `${place.suburb} (${place.city})`,
        zoneId: zoneIdOf(place),
        postalCode: place.zip,
      })),
    )
    .onConflictDoNothing();
  await db.insert(divisions).values(divisionRows).onConflictDoNothing();
  await db.insert(plantColors).values(plantColorRows).onConflictDoNothing();
  await db.insert(employeeTypes).values(employeeTypeRows).onConflictDoNothing();
  await db.insert(jobTypes).values(jobTypeRows).onConflictDoNothing();
  await db.insert(usageTypes).values(usageTypeRows).onConflictDoNothing();
  await db.insert(productTypes).values(productTypeRows).onConflictDoNothing();
  await db.insert(adjustmentTypes).values(adjustmentTypeRows).onConflictDoNothing();
  await db.insert(ticketStatuses).values(ticketStatusRows).onConflictDoNothing();
  await db.insert(voidStatuses).values(voidStatusRows).onConflictDoNothing();
  await db.insert(loadStatuses).values(loadStatusRows).onConflictDoNothing();
  await db
    .insert(groups)
    .values(
      systemTypes.map((type) => ({
        id: type.groupId,
        groupName: type.name,
        description: `Unlocks the ${type.name.toLowerCase()} screens`,
      })),
    )
    .onConflictDoNothing();
  await db.insert(systemParameters).values(systemParameterRows).onConflictDoNothing();
  await db.insert(printDestinations).values(printDestinationRows).onConflictDoNothing();
}
