import { describe, expect, it } from 'vitest';
import {
  atLeastOneScheduleMessage,
  orderCopySchema,
  orderEntryCreateSchema,
  orderEntrySchema,
  orderEntryStatusId,
  otherSystemTypeMessage,
  type OrderEntryInput,
} from './order-entry';
import { orderStatusIds } from './order-status';

const schedule = {
  plantId: 3,
  systemTypeId: 1,
  numberOfTrucks: 3,
  quantityPerHour: 60,
  loadIntervalTime: 10,
  travelTimeToJob: 20,
  travelTimeToPlant: 18,
  onJobWaitMinutes: 15,
  onJobWashMinutes: 10,
  firstLoadOnJobTime: '2026-03-10T08:00',
} as const;

const order: OrderEntryInput = {
  customerId: 42,
  customerPoNumber: 'PO-778',
  orderDate: '2026-03-09',
  shipDate: '2026-03-10',
  orderTypeId: 1,
  plantId: 3,
  reasonId: 1,
  sourceTaxingType: 1,
  systemTypeId: 1,
  shortLoadTypeId: 2,
  schedules: [
    {
      schedule,
      primaryProduct: { productId: 7, systemTypeId: 1, quantity: 30, loadSize: 10 },
      extraProducts: [{ productId: 8, systemTypeId: 1, quantity: 2 }],
    },
  ],
};

function issuesOf(input: unknown): [string, string][] {
  const result = orderEntrySchema.safeParse(input);
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('R-ORD-1: an order as order entry saves it', () => {
  it('takes an order with its schedules and products, filling the defaults of R-CONST-9', () => {
    const parsed = orderEntrySchema.parse(order);
    expect(parsed).toMatchObject({
      orderStatusId: orderStatusIds.toBeShipped,
      standbyChargeTypeId: 1,
      aggDeliveryChargeTypeId: 1,
      printMaterialTypeId: 1,
      freeShortLoadId: 1,
      chargeOrderFlag: true,
      emailAddressCsv: '',
    });
    expect(parsed.schedules[0]!.schedule).toMatchObject({
      adjustmentTypeId: 1,
      addPlusLoad: false,
    });
    // Left out, the price is the server's to find, and the taxable flag the product's.
    expect(parsed.schedules[0]!.primaryProduct.price).toBeUndefined();
    expect(parsed.schedules[0]!.primaryProduct.taxableFlag).toBeUndefined();
    expect(parsed.schedules[0]!.extraProducts[0]!.quantity).toBe(2);
  });

  it('gives an order from order entry the status to be shipped unless one is given', () => {
    expect(orderEntryStatusId).toBe(orderStatusIds.toBeShipped);
    expect(orderEntrySchema.parse({ ...order, orderStatusId: 3 }).orderStatusId).toBe(3);
    expect(issuesOf({ ...order, orderStatusId: null })).toEqual([
      ['orderStatusId', 'Order status is required.'],
    ]);
  });

  it('names the missing fields of the order, its schedules and its product lines', () => {
    const issues = issuesOf({
      ...order,
      customerPoNumber: '',
      shortLoadTypeId: null,
      schedules: [
        {
          schedule: { ...schedule, quantityPerHour: null, travelTimeToPlant: undefined },
          primaryProduct: { systemTypeId: 1 },
          extraProducts: [{ productId: 8, systemTypeId: null }],
        },
        { schedule },
      ],
    });
    expect(issues).toEqual([
      ['customerPoNumber', 'Customer PO number is required.'],
      ['schedules.0.schedule.quantityPerHour', 'Quantity per hour is required.'],
      ['schedules.0.schedule.travelTimeToPlant', 'Travel time to plant is required.'],
      ['schedules.0.primaryProduct.productId', 'Product is required.'],
      ['schedules.0.extraProducts.0.systemTypeId', 'System type is required.'],
      ['schedules.1.primaryProduct', 'Primary product is required.'],
      ['shortLoadTypeId', 'Short load type is required.'],
    ]);
  });

  it('needs at least one schedule', () => {
    expect(issuesOf({ ...order, schedules: [] })).toEqual([
      ['schedules', atLeastOneScheduleMessage],
    ]);
  });

  it("keeps schedules and product lines to the order's system type", () => {
    const [form] = order.schedules;
    const issues = issuesOf({
      ...order,
      schedules: [
        {
          schedule: { ...schedule, systemTypeId: 2 },
          primaryProduct: { ...form!.primaryProduct, systemTypeId: 3 },
          extraProducts: [{ productId: 8, systemTypeId: 2 }],
        },
      ],
    });
    expect(issues).toEqual([
      ['schedules.0.schedule.systemTypeId', otherSystemTypeMessage],
      ['schedules.0.primaryProduct.systemTypeId', otherSystemTypeMessage],
      ['schedules.0.extraProducts.0.systemTypeId', otherSystemTypeMessage],
    ]);
  });

  it('refuses negative quantities and empty load sizes', () => {
    const [form] = order.schedules;
    const paths = issuesOf({
      ...order,
      schedules: [
        { ...form, primaryProduct: { ...form!.primaryProduct, quantity: -1, loadSize: 0 } },
      ],
    }).map(([path]) => path);
    expect(paths).toEqual([
      'schedules.0.primaryProduct.quantity',
      'schedules.0.primaryProduct.loadSize',
    ]);
  });

  it('lets block orders do without short loads and print material', () => {
    const block = {
      ...order,
      systemTypeId: 3,
      shortLoadTypeId: null,
      freeShortLoadId: null,
      printMaterialTypeId: null,
      schedules: [
        {
          schedule: { ...schedule, systemTypeId: 3 },
          primaryProduct: { productId: 9, systemTypeId: 3, quantity: 400 },
        },
      ],
    };
    expect(issuesOf(block)).toEqual([]);
  });

  it('asks a copy for its ship date', () => {
    expect(orderCopySchema.parse({ shipDate: '2026-03-11' })).toEqual({ shipDate: '2026-03-11' });
    expect(orderCopySchema.safeParse({}).error?.issues[0]?.message).toBe('Ship date is required.');
  });
});

describe('R-ORD-20: a new order may leave its charge types to the customer', () => {
  const leftOut: Partial<OrderEntryInput> = { ...order };
  delete leftOut.shortLoadTypeId;

  it('takes an order without short load, free short load or standby charge type', () => {
    const parsed = orderEntryCreateSchema.parse(leftOut);
    expect(parsed.shortLoadTypeId).toBeUndefined();
    expect(parsed.freeShortLoadId).toBeUndefined();
    expect(parsed.standbyChargeTypeId).toBeUndefined();
  });

  it('refuses them sent as null, as a saved order does', () => {
    const result = orderEntryCreateSchema.safeParse({
      ...leftOut,
      shortLoadTypeId: null,
      standbyChargeTypeId: null,
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['shortLoadTypeId', 'Short load type is required.'],
      ['standbyChargeTypeId', 'Standby charge type is required.'],
    ]);
  });
});
