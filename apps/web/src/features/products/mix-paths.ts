/**
 * Where a concrete mix opens (R-RES-FORM: every form has a URL). The concrete product screen's
 * route has one segment after its path (`/:recordId?`), so a mix is `<concrete path>/mix-123`:
 * the screen tells a mix from a product by that prefix.
 */
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';

export const concreteProductsPath =
  menuEntryByEnumId('ConcreteProductMaintenance')?.path ?? '/products/maintenance/concrete';

const mixPrefix = 'mix-';

export function mixPath(mixId: number): string {
  return `${concreteProductsPath}/${mixPrefix}${mixId}`;
}

/**
 * The mix a record segment names: its id, null for a `mix-` segment that names none (not found),
 * undefined when the segment is not a mix's (a product's id, `new`, or none).
 */
export function mixIdOf(recordId: string | undefined): number | null | undefined {
  if (recordId === undefined || !recordId.startsWith(mixPrefix)) return undefined;
  const text = recordId.slice(mixPrefix.length);
  const id = Number(text);
  return /^\d{1,10}$/.test(text) && id >= 1 && id <= 2_147_483_647 ? id : null;
}
