import { describe, expect, it } from 'vitest';
import { printsWhenSent, printTicketMethodIds } from './print-methods';

describe('R-PRINT-9: a plant print ticket method', () => {
  it('prints when the truck is sent only for that method', () => {
    expect(printsWhenSent(printTicketMethodIds.whenSent)).toBe(true);
    expect(printsWhenSent(printTicketMethodIds.none)).toBe(false);
    // No method, or a classic code this release does not know: nothing prints by itself.
    expect(printsWhenSent(null)).toBe(false);
    expect(printsWhenSent(undefined)).toBe(false);
    expect(printsWhenSent(7)).toBe(false);
  });
});
