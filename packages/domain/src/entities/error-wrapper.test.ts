import { describe, expect, it } from 'vitest';
import { errorWrapperSchema } from './error-wrapper';

describe('R-ENTITY-30: error wrapper', () => {
  it('has data, description, message, stacktrace, errorTypeId and responseError', () => {
    expect(errorWrapperSchema.parse({ message: 'Order locked', data: { orderId: 4 } })).toEqual({
      data: { orderId: 4 },
      description: null,
      message: 'Order locked',
      stacktrace: null,
      errorTypeId: null,
      responseError: false,
    });
    expect(errorWrapperSchema.safeParse({ errorTypeId: 'x' }).success).toBe(false);
  });
});
