import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { prefixedName, printDestinationSchema } from './print-destination';

describe('R-ENTITY-33: print destination', () => {
  it("prefixes the name with the lowercase type and a colon, e.g. 'printer:Dispatch'", () => {
    const destination = printDestinationSchema.parse({ name: 'Dispatch', type: 'Printer' });
    expect(prefixedName(destination)).toBe('printer:Dispatch');
    expect(prefixedName({ name: 'Yard Office', type: 'QUEUE' })).toBe('queue:Yard Office');
  });

  it('keeps the name as it is and the type lowercase', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, type) => {
        const prefixed = prefixedName({ name, type });
        expect(prefixed.endsWith(`:${name}`)).toBe(true);
        expect(prefixed.slice(0, prefixed.length - name.length - 1)).toBe(type.toLowerCase());
      }),
    );
  });
});
