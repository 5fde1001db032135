import { beforeAll, describe, expect, it } from 'vitest';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { units } from '@dispatch/domain/units';
import { initI18n } from '../../lib/i18n/i18n';
import { order, plant, ticket, truck } from './dashboard-fixtures';
import {
  ordersByStatus,
  quantitiesByPlant,
  quantitiesBySystemType,
  ticketQuantity,
  trucksByPlant,
} from './dashboard-summaries';

const day = '2026-11-24';
const plants = new Map([
  [1, plant(1, 'North Yard', 1)],
  [3, plant(3, 'Big Rock Quarry', 2)],
  [4, plant(4, 'Eastside Block', 3)],
]);

// Names (a system type, 'No plant') are the catalogue's, in English here.
beforeAll(async () => {
  await initI18n('en');
});

describe('ordersByStatus', () => {
  it('counts each allowed system type by status in working order, leaving deleted orders out', () => {
    const rows = [
      order({
        id: 1,
        plantId: 1,
        systemTypeId: 1,
        orderStatusId: orderStatusIds.complete,
        ordered: 1,
        delivered: 1,
        shipDate: day,
      }),
      order({
        id: 2,
        plantId: 1,
        systemTypeId: 1,
        orderStatusId: orderStatusIds.shipping,
        ordered: 1,
        delivered: 0,
        shipDate: day,
      }),
      order({
        id: 3,
        plantId: 1,
        systemTypeId: 1,
        orderStatusId: orderStatusIds.deleted,
        ordered: 1,
        delivered: 0,
        shipDate: day,
      }),
      order({
        id: 4,
        plantId: 4,
        systemTypeId: 3,
        orderStatusId: orderStatusIds.shipping,
        ordered: 1,
        delivered: 0,
        shipDate: day,
      }),
    ];
    const [concrete, aggregate] = ordersByStatus(rows, [2, 1]);
    expect(concrete?.statuses.map(({ status, count }) => [status.name, count])).toEqual([
      ['Shipping', 1],
      ['Complete', 1],
    ]);
    expect(concrete?.total).toBe(2);
    expect(aggregate).toMatchObject({ name: 'Aggregate', total: 0, statuses: [] });
  });
});

describe('quantities', () => {
  const rows = [
    order({
      id: 1,
      plantId: 1,
      systemTypeId: 1,
      orderStatusId: orderStatusIds.shipping,
      ordered: 40,
      delivered: 12.5,
      shipDate: day,
    }),
    order({
      id: 2,
      plantId: 1,
      systemTypeId: 1,
      orderStatusId: orderStatusIds.cancelled,
      ordered: 30,
      delivered: 0,
      shipDate: day,
    }),
    {
      ...order({
        id: 3,
        plantId: 3,
        systemTypeId: 2,
        orderStatusId: orderStatusIds.willCall,
        ordered: 200,
        delivered: 50,
        shipDate: day,
      }),
      unitOfMeasure: null,
    },
    order({
      id: 4,
      plantId: 3,
      systemTypeId: 2,
      orderStatusId: orderStatusIds.fob,
      ordered: 12,
      delivered: 0,
      shipDate: day,
      unit: units.cubicYards,
    }),
  ];

  it('leaves cancelled orders out and measures an order without a unit in its system type’s unit', () => {
    expect(quantitiesByPlant(rows, plants)).toEqual([
      {
        plantId: 1,
        name: 'North Yard',
        systemTypeId: 1,
        unit: units.cubicYards,
        ordered: 40,
        delivered: 12.5,
      },
      {
        plantId: 3,
        name: 'Big Rock Quarry',
        systemTypeId: 2,
        unit: units.cubicYards,
        ordered: 12,
        delivered: 0,
      },
      {
        plantId: 3,
        name: 'Big Rock Quarry',
        systemTypeId: 2,
        unit: units.tons,
        ordered: 200,
        delivered: 50,
      },
    ]);
  });

  it('totals each system type in its delivery unit first, even on a day without orders', () => {
    expect(quantitiesBySystemType(rows, [1, 2, 3])).toEqual([
      {
        systemTypeId: 1,
        name: 'Concrete',
        totals: [{ unit: units.cubicYards, ordered: 40, delivered: 12.5 }],
      },
      {
        systemTypeId: 2,
        name: 'Aggregate',
        totals: [
          { unit: units.tons, ordered: 200, delivered: 50 },
          { unit: units.cubicYards, ordered: 12, delivered: 0 },
        ],
      },
      { systemTypeId: 3, name: 'Block', totals: [{ unit: units.each, ordered: 0, delivered: 0 }] },
    ]);
  });
});

describe('trucksByPlant', () => {
  const trucks = [
    truck(1, '110', 1, truckStatusIds.inYard, 2),
    truck(2, '12', 1, truckStatusIds.inYard, 1),
    truck(3, '9', 1, truckStatusIds.toJob),
    truck(4, '100', 1, truckStatusIds.toJob),
    truck(5, '401', 4, truckStatusIds.inYard, 1),
    { ...truck(6, '999', 1, truckStatusIds.inYard), plantId: null, statusId: null },
  ];

  it('groups by plant and status: the yard in loading order, others by number, no plant last', () => {
    const result = trucksByPlant(trucks, plants, [1, 2]);
    expect(result.map((entry) => [entry.name, entry.total, entry.out])).toEqual([
      ['North Yard', 4, 2],
      ['No plant', 1, 0],
    ]);
    expect(
      result[0]?.groups.map((entry) => [
        entry.status?.name,
        entry.trucks.map((row) => row.identificationNumber),
      ]),
    ).toEqual([
      ['In yard', ['12', '110']],
      ['To job', ['9', '100']],
    ]);
    expect(result[1]?.groups[0]?.status).toBeNull();
  });

  it('keeps every plant while the system types are unknown', () => {
    expect(trucksByPlant(trucks, plants).map((entry) => entry.name)).toEqual([
      'North Yard',
      'Eastside Block',
      'No plant',
    ]);
  });
});

describe('ticketQuantity', () => {
  it('reads the load in the delivery unit, not the admixture listed first', () => {
    const written = ticket({
      id: 1,
      number: 1,
      orderId: 1,
      plantId: 1,
      truckNumber: '101',
      ticketDateTime: `${day}T08:00:00.000Z`,
      quantity: 9.5,
      customerName: 'Acme',
    });
    expect(ticketQuantity(written)).toEqual({ quantity: 9.5, unit: units.cubicYards });
    expect(ticketQuantity({ ...written, products: [] })).toBeNull();
  });
});
