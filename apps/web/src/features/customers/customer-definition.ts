/**
 * The customer definition as one user sees it: the pricing defaults of the system types they
 * work with (R-SYS-4), each on its tab; the tabs and collections of other types are left out, so
 * the form neither shows nor sends them (the server answers them empty and keeps them as stored).
 */
import { customerPricingCollections, customerResource } from '@dispatch/domain/resources/customers';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import type { SystemTypeId } from '@dispatch/domain/system-types';

export function customerDefinitionFor(systemTypeIds: readonly SystemTypeId[]): ResourceDefinition {
  const lacked = new Set(
    Object.entries(customerPricingCollections)
      .filter(([, typeId]) => !systemTypeIds.includes(typeId as SystemTypeId))
      .map(([key]) => key),
  );
  if (lacked.size === 0) return customerResource;
  return {
    ...customerResource,
    children: Object.fromEntries(
      Object.entries(customerResource.children).filter(([key]) => !lacked.has(key)),
    ),
    sections: customerResource.sections.filter((section) => !lacked.has(section.key)),
  };
}
