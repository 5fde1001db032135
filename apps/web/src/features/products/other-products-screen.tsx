/**
 * Other Product Maintenance (R-MAINT-15): the fees and surcharges of every system type the user
 * works with (a product whose product type belongs to no system type). The system type choices
 * are narrowed to the user's own (R-SYS-4); the server refuses the others anyway.
 */
import { useMemo } from 'react';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { choice } from '@dispatch/domain/resources/field';
import { systemTypeChoices } from '@dispatch/domain/resources/lookups';
import { otherProductResource } from '@dispatch/domain/resources/products';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { ResourceScreen } from '../../resources/resource-screen';
import { useUserAccess } from '../../session/session-queries';

const screenPath =
  menuEntryByEnumId('OtherProductMaintenance')?.path ?? '/products/maintenance/other';

export function otherProductsDefinitionFor(
  systemTypeIds: readonly SystemTypeId[],
): ResourceDefinition {
  const choices = systemTypeChoices.filter((item) => systemTypeIds.includes(item.value));
  const field = otherProductResource.fields.systemTypeId!;
  if (choices.length === 0 || choices.length === systemTypeChoices.length) {
    return otherProductResource;
  }
  return {
    ...otherProductResource,
    fields: {
      ...otherProductResource.fields,
      systemTypeId: choice(choices, {
        label: field.label,
        ...(field.hint ? { hint: field.hint } : {}),
        required: true,
        list: true,
        // One system type: new products take it.
        ...(choices.length === 1 ? { default: choices[0]!.value } : {}),
      }),
    },
  };
}

export function OtherProductsScreen() {
  const { allowedSystemTypes } = useUserAccess();
  const definition = useMemo(
    () => otherProductsDefinitionFor(allowedSystemTypes),
    [allowedSystemTypes],
  );
  return <ResourceScreen definition={definition} screenPath={screenPath} />;
}
