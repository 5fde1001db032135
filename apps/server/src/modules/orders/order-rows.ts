/** The rows an order entry is stored as: header, schedules and product lines. */
import type { OrderEntry, ScheduleFormEntry } from '@dispatch/domain/orders/order-entry';
import { dayOf, storedText, instantOf } from './order-stored-values';
import type { ReferenceData } from './order-references';
import type { PricedLine } from './order-line-prices';

export function headerValues(entry: OrderEntry, customerName: string) {
  return {
    customerId: entry.customerId,
    customerName,
    customerPoNumber: entry.customerPoNumber,
    plantId: entry.plantId,
    jobId: entry.jobId,
    orderDate: dayOf(entry.orderDate),
    shipDate: dayOf(entry.shipDate),
    orderStatusId: entry.orderStatusId,
    orderTypeId: entry.orderTypeId,
    systemTypeId: entry.systemTypeId,
    orderFlagId: entry.orderFlagId,
    orderedByName: storedText(entry.orderedByName),
    notes: storedText(entry.notes),
    dispatchNotes: storedText(entry.dispatchNotes),
    batchNotes: storedText(entry.batchNotes),
    creditNotes: storedText(entry.creditNotes),
    ticketNotes: storedText(entry.ticketNotes),
    emailAddressCsv: storedText(entry.emailAddressCsv),
    milesToJob: entry.milesToJob,
    hoursToJob: entry.hoursToJob,
    imperialFlag: entry.imperialFlag,
    invoicedFlag: entry.invoicedFlag,
    chargeOrderFlag: entry.chargeOrderFlag,
    orderVerifiedFlag: entry.orderVerifiedFlag,
    blockReturnOrderFlag: entry.blockReturnOrderFlag,
    pumperId: entry.pumperId,
    reasonId: entry.reasonId,
    shortLoadTypeId: entry.shortLoadTypeId,
    freeShortLoadId: entry.freeShortLoadId,
    standbyChargeTypeId: entry.standbyChargeTypeId,
    aggDeliveryChargeTypeId: entry.aggDeliveryChargeTypeId,
    printMaterialTypeId: entry.printMaterialTypeId,
    sourceTaxingType: entry.sourceTaxingType,
    suburbId: entry.suburbId,
    uploadMixToBatchPanel: entry.uploadMixToBatchPanel,
    zoneReferenceNumber: storedText(entry.zoneReferenceNumber),
    // The board orders a day's orders by when their first loads are due on the job.
    firstLoadTime: firstLoadTimeOf(entry),
  };
}

function firstLoadTimeOf(entry: OrderEntry): Date | null {
  const times = entry.schedules.flatMap((form) => {
    const time = instantOf(form.schedule.firstLoadOnJobTime);
    return time ? [time.getTime()] : [];
  });
  return times.length ? new Date(Math.min(...times)) : null;
}

export function scheduleValues(form: ScheduleFormEntry, numberOfLoads: number | null) {
  const schedule = form.schedule;
  return {
    plantId: schedule.plantId,
    systemTypeId: schedule.systemTypeId,
    numberOfLoads,
    numberOfTrucks: schedule.numberOfTrucks,
    quantityPerHour: schedule.quantityPerHour,
    loadIntervalTime: schedule.loadIntervalTime,
    travelTimeToJob: schedule.travelTimeToJob,
    travelTimeToPlant: schedule.travelTimeToPlant,
    onJobWaitMinutes: schedule.onJobWaitMinutes,
    onJobWashMinutes: schedule.onJobWashMinutes,
    adjustmentTypeId: schedule.adjustmentTypeId,
    addPlusLoad: schedule.addPlusLoad,
    truckTypeId: schedule.truckTypeId,
    firstLoadOnJobTime: instantOf(schedule.firstLoadOnJobTime),
  };
}

export function lineValues(line: PricedLine, position: number, refs: ReferenceData) {
  const product = refs.products.get(line.productId)!;
  return {
    productId: line.productId,
    primaryFlag: position === 0,
    sequence: position,
    // Copied so the schedule reads as it was ordered after the product is renamed.
    productNumber: product.number,
    productDescription: product.description,
    productTypeId: line.productTypeId ?? product.productTypeId,
    quantity: line.quantity,
    slump: line.slump,
    price: line.price,
    taxableFlag: line.taxableFlag ?? product.taxableFlag,
    unitOfMeasure: line.unitOfMeasure ?? product.unitOfMeasureId,
    loadSize: line.loadSize,
    loadPlan: storedText(line.loadPlan),
    quantityOnHand: line.quantityOnHand,
    usageTypeId: line.usageTypeId,
    unitsPerCube: line.unitsPerCube,
  };
}
