import { describe, expect, it } from 'vitest';
import { ticketLiveViewSchema, ticketProductSchema, ticketSchema } from './ticket';

const minimalTicket = { id: 1, number: 100234, orderId: 10, plantId: 2, statusId: 1 };

describe('R-ENTITY-20: ticket', () => {
  it('has every timestamp, empty until it happens', () => {
    const ticket = ticketSchema.parse(minimalTicket);
    const timestamps = Object.keys(ticket).filter((field) => field.endsWith('DateTime'));
    expect(timestamps).toEqual([
      'ticketDateTime',
      'printDateTime',
      'batchDateTime',
      'loadedDateTime',
      'toJobDateTime',
      'onJobDateTime',
      'startUnloadDateTime',
      'finishUnloadDateTime',
      'toPlantDateTime',
      'arrivePlantDateTime',
      'suspendDateTime',
      'testBeginDateTime',
      'testEndDateTime',
      'voidDateTime',
    ]);
    for (const field of timestamps) expect(ticket[field as keyof typeof ticket], field).toBeNull();
    expect(ticketSchema.safeParse({ ...minimalTicket, loadedDateTime: 'noon' }).success).toBe(
      false,
    );
  });

  it('has the ids, weights, water and cod fields', () => {
    const ticket = ticketSchema.parse({
      ...minimalTicket,
      grossWeight: 60000,
      tareWeight: 28000,
      netWeight: 32000,
      waterAdded: 5,
      maxAllowableWaterGallons: 10,
      codAmount: 250,
    });
    for (const field of [
      'scheduleId',
      'truckId',
      'truckNumber',
      'truckCompanyId',
      'loadNumber',
      'voidStatusId',
      'driverId',
      'batchmanId',
      'createdByUsername',
      'modifiedByUsername',
      'voidedByUsername',
    ]) {
      expect(ticket, field).toHaveProperty(field);
    }
    expect(ticket.netWeight).toBe(32000);
  });
});

describe('R-ENTITY-21: ticket live-update view', () => {
  it('has exactly id, statusId, orderId and plantId', () => {
    expect(ticketLiveViewSchema.parse({ ...minimalTicket, truckId: 4 })).toEqual({
      id: 1,
      statusId: 1,
      orderId: 10,
      plantId: 2,
    });
  });
});

describe('R-ENTITY-22: ticket product', () => {
  it('has the listed fields', () => {
    expect(ticketProductSchema.parse({ ticketId: 1, productId: 2, quantity: 9 })).toEqual({
      ticketId: 1,
      productId: 2,
      quantity: 9,
      deliveredQuantity: 0,
      unusedQuantity: 0,
      price: null,
      slump: null,
      taxableFlag: false,
      unitOfMeasure: null,
    });
  });
});
