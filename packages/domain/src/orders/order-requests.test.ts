import { describe, expect, it } from 'vitest';
import {
  countByStatus,
  isDecided,
  isPastDay,
  linkProblems,
  orderPrefillOf,
  orderRequestAcceptSchema,
  orderRequestCreateSchema,
  orderRequestListQuerySchema,
  orderRequestRejectSchema,
  sortOrderRequests,
  type OrderRequestView,
} from './order-requests';

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

const view: OrderRequestView = {
  id: 7,
  kind: 'order',
  status: 'pending',
  customerId: 3,
  customerNumber: 'C1',
  customerName: 'Acme Builders',
  jobId: 11,
  jobNumber: 'J-1',
  jobAddress: '1 Main St',
  systemTypeId: 1,
  productId: 21,
  productNumber: '3000',
  productDescription: '3000 PSI',
  quantity: 40,
  requestedDate: '2026-03-12',
  requestedTime: '07:30:00',
  notes: 'Pump on site',
  requestedBy: 'site.boss',
  callbackPhone: null,
  createdAt: '2026-03-10T09:00:00.000Z',
  rejectReason: null,
  reply: null,
  orderId: null,
  orderNumber: null,
  decidedBy: null,
  decidedAt: null,
  version: 0,
};

describe('R-OREQ-3: what an external user sends', () => {
  const body = {
    jobId: 11,
    systemTypeId: 1,
    productId: 21,
    quantity: 40,
    requestedDate: '2026-03-12',
  };

  it('takes a job, product, quantity and day; time and notes are optional', () => {
    const parsed = orderRequestCreateSchema.parse(body);
    expect(parsed).toEqual({ ...body, requestedTime: null, notes: '' });
    expect(
      orderRequestCreateSchema.parse({ ...body, requestedTime: '07:30', notes: ' Pump ' }),
    ).toMatchObject({ requestedTime: '07:30', notes: 'Pump' });
  });

  it('names each missing or wrong field', () => {
    const empty = orderRequestCreateSchema.safeParse({});
    expect(fieldsOf(empty).sort()).toEqual(
      ['jobId', 'systemTypeId', 'productId', 'quantity', 'requestedDate'].sort(),
    );
    expect(empty.error?.issues.find((issue) => issue.path[0] === 'jobId')?.message).toBe(
      'Job is required.',
    );
    expect(fieldsOf(orderRequestCreateSchema.safeParse({ ...body, quantity: 0 }))).toEqual([
      'quantity',
    ]);
    expect(fieldsOf(orderRequestCreateSchema.safeParse({ ...body, quantity: 1e6 }))).toEqual([
      'quantity',
    ]);
    expect(fieldsOf(orderRequestCreateSchema.safeParse({ ...body, systemTypeId: 4 }))).toEqual([
      'systemTypeId',
    ]);
    expect(
      fieldsOf(orderRequestCreateSchema.safeParse({ ...body, requestedDate: '2026-02-30' })),
    ).toEqual(['requestedDate']);
    expect(
      fieldsOf(orderRequestCreateSchema.safeParse({ ...body, requestedDate: '12/03/2026' })),
    ).toEqual(['requestedDate']);
    expect(
      fieldsOf(orderRequestCreateSchema.safeParse({ ...body, requestedTime: '25:00' })),
    ).toEqual(['requestedTime']);
  });

  it('takes today and later, by calendar day', () => {
    expect(isPastDay('2026-03-09', '2026-03-10')).toBe(true);
    expect(isPastDay('2026-03-10', '2026-03-10')).toBe(false);
    expect(isPastDay('2026-03-11', '2026-03-10')).toBe(false);
  });
});

describe('R-OREQ-5..7: decisions', () => {
  it('needs a reason to reject and an order to accept', () => {
    expect(fieldsOf(orderRequestRejectSchema.safeParse({ version: 0, reason: '  ' }))).toEqual([
      'reason',
    ]);
    expect(orderRequestRejectSchema.parse({ version: 1, reason: ' No trucks ' }).reason).toBe(
      'No trucks',
    );
    expect(orderRequestAcceptSchema.parse({ version: 0, orderId: 5 })).toEqual({
      version: 0,
      orderId: 5,
    });
    expect(orderRequestAcceptSchema.parse({ version: 0, reply: ' Held till 10 ' })).toEqual({
      version: 0,
      reply: 'Held till 10',
    });
    expect(orderRequestAcceptSchema.parse({ version: 0, reply: '  ' }).reply).toBeUndefined();
  });

  it('links only an order for the same customer and job', () => {
    const request = { customerId: 3, jobId: 11 };
    expect(linkProblems(request, { customerId: 3, jobId: 11 })).toEqual([]);
    expect(linkProblems(request, { customerId: 4, jobId: 11 })).toEqual([
      { field: 'orderId', reason: "must be an order for the request's customer" },
    ]);
    expect(linkProblems(request, { customerId: 3, jobId: null })).toEqual([
      { field: 'orderId', reason: "must be an order for the request's job" },
    ]);
  });

  it('tells decided requests from pending ones', () => {
    expect(isDecided('pending')).toBe(false);
    expect(isDecided('accepted')).toBe(true);
    expect(isDecided('withdrawn')).toBe(true);
  });
});

describe('R-OREQ-9..11: the dispatchers screen', () => {
  it('pre-fills order entry from a request', () => {
    expect(orderPrefillOf(view)).toEqual({
      customerId: 3,
      jobId: 11,
      shipDate: '2026-03-12',
      firstLoadOnJobTime: '07:30',
      productId: 21,
      quantity: 40,
    });
    expect(orderPrefillOf({ ...view, requestedTime: null })?.firstLoadOnJobTime).toBe('');
    // A pour page's request has its order already: nothing to pre-fill.
    expect(orderPrefillOf({ ...view, kind: 'holdNextLoad' })).toBeNull();
  });

  it('lists pending first, then by day and time, and counts each status', () => {
    const rows = [
      { ...view, id: 1, status: 'accepted' as const, requestedDate: '2026-03-11' },
      { ...view, id: 2, requestedTime: null },
      { ...view, id: 3, requestedTime: '06:00:00' },
      { ...view, id: 4, requestedDate: '2026-03-11' },
      { ...view, id: 5, status: 'rejected' as const },
    ];
    expect(sortOrderRequests(rows).map((row) => row.id)).toEqual([4, 2, 3, 1, 5]);
    expect(countByStatus(rows)).toEqual({ pending: 3, accepted: 1, rejected: 1, withdrawn: 0 });
  });

  it('filters the list by status, day and customer', () => {
    expect(orderRequestListQuerySchema.parse({ status: 'pending', search: ' acme ' })).toEqual({
      status: 'pending',
      search: 'acme',
    });
    expect(orderRequestListQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
  });
});
