import { messages, warnings } from './messages';
import { menuCatalogue, systemTypeForm } from './menu/menu-catalogue';
import type { SystemTypeFormKind } from './menu/menu-catalogue';
import type { MenuEntry } from './menu/menu-entry';
import { isSystemTypeId } from './system-types';

/** A link split at its first '?': the part before it, and the query without any fragment. */
export function splitLink(link: string): { path: string; query: string } {
  const mark = link.indexOf('?');
  if (mark < 0) return { path: link, query: '' };
  return { path: link.slice(0, mark), query: link.slice(mark + 1).split('#')[0] ?? '' };
}

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A stray '%' is kept as typed rather than failing the whole link.
    return spaced;
  }
}

/**
 * The parameters of a query string ('a=1&b=2', with or without the leading '?'). A name given
 * twice keeps its first value; a name without '=' has the value ''.
 */
export function parseQuery(query: string): ReadonlyMap<string, string> {
  const params = new Map<string, string>();
  const body = query.startsWith('?') ? query.slice(1) : query;
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decode(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decode(pair.slice(equals + 1));
    if (!params.has(name)) params.set(name, value);
  }
  return params;
}

export type QueryValue = string | number | boolean | null | undefined;

/** A query string without the leading '?'; null and undefined values are left out. */
export function buildQuery(params: Readonly<Record<string, QueryValue>>): string {
  return Object.entries(params)
    .filter((pair): pair is [string, string | number | boolean] => pair[1] != null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/** R-LINK-1 leaves the system-type parameter of an orders/ link unnamed; this is its name. */
export const linkParams = { systemTypeId: 'systemTypeId' } as const;

export type LinkAction =
  | { readonly kind: 'open'; readonly entry: MenuEntry }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'warning'; readonly message: string }
  | { readonly kind: 'none' };

/** R-LINK-4: the maintenance screens a link opens by its path. */
const maintenanceLinkEnumIds = [
  'AggregateProductMaintenance',
  'BlockProductMaintenance',
  'ConcreteProductMaintenance',
  'OtherProductMaintenance',
  'RawMaterialMaintenance',
  'EditTickets',
  'TruckMaintenance',
  'TruckCompanyMaintenance',
  'CustomerMaintenance',
  'EmployeeMaintenance',
  'QuoteMaintenance',
] as const;

/** Each screen with its path as a link holds it: no leading slash, lower case. */
const maintenanceLinkTargets = menuCatalogue.flatMap((entry) =>
  entry.path !== null && (maintenanceLinkEnumIds as readonly string[]).includes(entry.enumId)
    ? [{ needle: entry.path.slice(1).toLowerCase(), entry }]
    : [],
);

function bySystemTypeParameter(query: string, kind: SystemTypeFormKind): LinkAction {
  const raw = parseQuery(query).get(linkParams.systemTypeId)?.trim() ?? '';
  if (raw === '') return { kind: 'warning', message: warnings.linkParameterMissing };
  const systemTypeId = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!isSystemTypeId(systemTypeId)) return { kind: 'error', message: messages.invalidHyperlink };
  return { kind: 'open', entry: systemTypeForm(kind, systemTypeId) };
}

/**
 * R-LINK-1..4: what a link opens. An orders/ link opens order entry, or audit order when the
 * link says audit, of the system type its parameter names; a maintenance path opens that
 * screen. Paths are matched without regard to case; the query never matches a path. A bare
 * products/maintenance link, which names no product screen, picks one by system type like an
 * orders/ link. The caller logs a warning and shows an error.
 */
export function resolveLink(link: string): LinkAction {
  const parts = splitLink(link);
  const path = parts.path.toLowerCase();
  const query = parts.query;
  if (path.includes('orders/')) {
    return bySystemTypeParameter(query, path.includes('audit') ? 'auditOrder' : 'orderEntry');
  }
  const target = maintenanceLinkTargets.find((candidate) => path.includes(candidate.needle));
  if (target) return { kind: 'open', entry: target.entry };
  if (path.includes('products/maintenance')) {
    return bySystemTypeParameter(query, 'productMaintenance');
  }
  return { kind: 'none' };
}
