import { describe, expect, it } from 'vitest';
import {
  englishOrderFieldWords,
  orderFieldLabel,
  orderFieldName,
  orderFieldPaths,
  splitOrderHistoryField,
  type OrderFieldWords,
} from './order-history-fields';

/** An order with schedules 12 and 15; schedule 12 has primary line 40 and extras 41 (2nd), 44 (1st). */
const before = {
  customerPoNumber: 'PO-1',
  'schedules[12].quantityPerHour': 60,
  'schedules[12].products[40].primaryFlag': true,
  'schedules[12].products[40].quantity': 30,
  'schedules[12].products[41].primaryFlag': false,
  'schedules[12].products[41].sequence': 2,
  'schedules[12].products[41].quantity': 2,
  'schedules[12].products[44].primaryFlag': false,
  'schedules[12].products[44].sequence': 1,
  'schedules[12].products[44].quantity': 1,
  'schedules[15].quantityPerHour': 30,
};

describe('R-OAUD-3: where a history field sits', () => {
  it('splits a field into its schedule, its product line and its name', () => {
    expect(splitOrderHistoryField('customerPoNumber')).toEqual({
      scheduleId: null,
      lineId: null,
      name: 'customerPoNumber',
    });
    expect(splitOrderHistoryField('schedules[12].quantityPerHour')).toEqual({
      scheduleId: 12,
      lineId: null,
      name: 'quantityPerHour',
    });
    expect(splitOrderHistoryField('schedules[12].products[9].price')).toEqual({
      scheduleId: 12,
      lineId: 9,
      name: 'price',
    });
  });

  it('counts schedules by their place and extras by their sequence', () => {
    const pathOf = orderFieldPaths(before, { ...before, customerPoNumber: 'PO-2' });
    expect(pathOf('customerPoNumber')).toEqual({
      schedule: null,
      product: null,
      name: 'customerPoNumber',
    });
    expect(pathOf('schedules[15].quantityPerHour')).toEqual({
      schedule: 2,
      product: null,
      name: 'quantityPerHour',
    });
    expect(pathOf('schedules[12].products[40].quantity').product).toEqual({
      primary: true,
      number: 1,
    });
    expect(pathOf('schedules[12].products[44].quantity').product).toEqual({
      primary: false,
      number: 1,
    });
    expect(pathOf('schedules[12].products[41].quantity').product).toEqual({
      primary: false,
      number: 2,
    });
  });

  it('places a schedule that only the record before held (a removed one) and one only after', () => {
    const after = { customerPoNumber: 'PO-1', 'schedules[20].quantityPerHour': 10 };
    const pathOf = orderFieldPaths(before, after);
    expect(pathOf('schedules[15].quantityPerHour').schedule).toBe(2);
    expect(pathOf('schedules[20].quantityPerHour').schedule).toBe(3);
    // A creation has no record before; a line without a sequence counts by its id.
    const made = orderFieldPaths(null, {
      'schedules[3].products[8].quantity': 1,
      'schedules[3].products[7].quantity': 1,
    });
    expect(made('schedules[3].products[8].quantity').product).toEqual({
      primary: false,
      number: 2,
    });
  });
});

describe('R-OAUD-3: the readable name of a history field', () => {
  it('names an order field, a schedule field and a product line field', () => {
    const pathOf = orderFieldPaths(before, before);
    expect(orderFieldLabel(pathOf('customerPoNumber'))).toBe('PO number');
    expect(orderFieldLabel(pathOf('schedules[15].quantityPerHour'))).toBe(
      'Schedule 2 · Quantity per hour',
    );
    expect(orderFieldLabel(pathOf('schedules[12].products[40].quantity'))).toBe(
      'Schedule 1 · Primary product · Quantity',
    );
    expect(orderFieldLabel(pathOf('schedules[12].products[41].quantity'))).toBe(
      'Schedule 1 · Extra product 2 · Quantity',
    );
  });

  it('spells out a field it has no name for', () => {
    expect(orderFieldName('quantityPerHour')).toBe('Quantity per hour');
    expect(orderFieldName('someNewField2X')).toBe('Some new field2 x');
  });

  it('is made of the words of the reader language', () => {
    const spanish: OrderFieldWords = {
      field: (name) => (name === 'quantity' ? 'Cantidad' : englishOrderFieldWords.field(name)),
      schedule: (number) => `Programa ${number}`,
      primaryProduct: 'Producto principal',
      extraProduct: (number) => `Producto adicional ${number}`,
    };
    expect(
      orderFieldLabel(
        { schedule: 1, product: { primary: false, number: 3 }, name: 'quantity' },
        spanish,
      ),
    ).toBe('Programa 1 · Producto adicional 3 · Cantidad');
    expect(
      orderFieldLabel({ schedule: 1, product: { primary: true, number: 1 }, name: 'x' }, spanish),
    ).toBe('Programa 1 · Producto principal · X');
  });
});
