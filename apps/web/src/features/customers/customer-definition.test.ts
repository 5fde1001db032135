import { describe, expect, it } from 'vitest';
import { customerResource } from '@dispatch/domain/resources/customers';
import { customerDefinitionFor } from './customer-definition';

describe('the customer form of one user (R-SYS-4)', () => {
  it('keeps every pricing tab for a user of all three system types', () => {
    expect(customerDefinitionFor([1, 2, 3])).toBe(customerResource);
  });

  it('leaves out the pricing tabs and collections of the system types a user lacks', () => {
    const concrete = customerDefinitionFor([1]);
    expect(Object.keys(concrete.children)).toEqual(['concrete']);
    expect(concrete.sections.map((section) => section.key)).toEqual([
      'main',
      'billing',
      'contacts',
      'credit',
      'concrete',
      'jobs',
      'letters',
    ]);
    const none = customerDefinitionFor([]);
    expect(Object.keys(none.children)).toEqual([]);
    expect(none.fields).toBe(customerResource.fields);
    expect(none.name).toBe('customers');
  });
});
