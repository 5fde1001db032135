import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabels } from './field-labels';
import { required, requiredMessage } from './required';

describe('R-VALID-10: required-field messages', () => {
  it("reads '<Field label> is required.'", () => {
    expect(requiredMessage(fieldLabels.customerPoNumber)).toBe('Customer PO number is required.');
    expect(requiredMessage('Plant')).toBe('Plant is required.');
  });

  it('reports a missing, null or blank value on the field path', () => {
    const schema = z.object({
      name: required(z.string(), 'Name'),
      count: required(z.int(), 'Count'),
    });
    for (const input of [{}, { name: null, count: null }, { name: '   ' }]) {
      const issues = schema.safeParse(input).error?.issues ?? [];
      expect(issues.map((issue) => [issue.path, issue.message])).toEqual([
        [['name'], 'Name is required.'],
        [['count'], 'Count is required.'],
      ]);
    }
    expect(schema.parse({ name: 'x', count: 0 })).toEqual({ name: 'x', count: 0 });
  });

  it('keeps the inner schema rules and defaults', () => {
    const schema = z.object({ flag: required(z.boolean().default(true), 'Flag') });
    expect(schema.parse({})).toEqual({ flag: true });
    expect(schema.safeParse({ flag: 'yes' }).error?.issues[0]?.code).toBe('invalid_type');
  });
});
