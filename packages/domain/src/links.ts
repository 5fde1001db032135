import { messages, warnings } from './messages';
import { menuCatalogue, systemTypeForm } from './menu/menu-catalogue';
import type { SystemTypeFormKind } from './menu/menu-catalogue';
import type { MenuEntry } from './menu/menu-entry';
import { isSystemTypeId, type SystemTypeId } from './system-types';

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

/**
 * R-LINK-1 leaves the system-type parameter of an orders/ link unnamed; this is its name. An
 * orders/ link may also name its order (R-OAUD-6): the order audit's URL filters by the same name.
 */
export const linkParams = {
  systemTypeId: 'systemTypeId',
  orderId: 'orderId',
  ticketId: 'ticketId',
  truckId: 'truckId',
} as const;

export type LinkAction =
  | {
      readonly kind: 'open';
      readonly entry: MenuEntry;
      /** The route to go to (the entry's path, with the record the link names); null: classic. */
      readonly to: string | null;
    }
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

const opening = (entry: MenuEntry, to: string | null = entry.path): LinkAction => ({
  kind: 'open',
  entry,
  to,
});

/**
 * R-LINK-6: the maintenance links that may name their record, by the parameter that names it, and
 * the route that opens the screen at it: Edit Tickets reads `ticketId` from its query, Truck
 * Maintenance opens a truck at its path and id.
 */
const recordLinks: Readonly<
  Record<string, { param: string; route: (path: string, id: number) => string }>
> = {
  EditTickets: {
    param: linkParams.ticketId,
    route: (path, id) => `${path}?${buildQuery({ [linkParams.ticketId]: id })}`,
  },
  TruckMaintenance: { param: linkParams.truckId, route: (path, id) => `${path}/${id}` },
};

function openingRecord(entry: MenuEntry, query: string): LinkAction {
  const record = recordLinks[entry.enumId];
  const raw = record ? (parseQuery(query).get(record.param)?.trim() ?? '') : '';
  if (!record || raw === '' || entry.path === null) return opening(entry);
  // A record id that is no id names no item (R-LINK-2), as an order's does.
  if (!/^[1-9]\d{0,8}$/.test(raw)) return { kind: 'error', message: messages.invalidHyperlink };
  return opening(entry, record.route(entry.path, Number(raw)));
}

/**
 * R-OAUD-6: the route of an order's form of a system type: order entry at the order, or the order
 * audit filtered to it; without an order, the form itself.
 */
export function orderFormRoute(
  kind: 'orderEntry' | 'auditOrder',
  systemTypeId: SystemTypeId,
  orderId?: number,
): string {
  const path = systemTypeForm(kind, systemTypeId).path!;
  if (orderId === undefined) return path;
  return kind === 'orderEntry'
    ? `${path}/${orderId}`
    : `${path}?${buildQuery({ [linkParams.orderId]: orderId })}`;
}

function bySystemTypeParameter(query: string, kind: SystemTypeFormKind): LinkAction {
  const params = parseQuery(query);
  const raw = params.get(linkParams.systemTypeId)?.trim() ?? '';
  if (raw === '') return { kind: 'warning', message: warnings.linkParameterMissing };
  const systemTypeId = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!isSystemTypeId(systemTypeId)) return { kind: 'error', message: messages.invalidHyperlink };
  const entry = systemTypeForm(kind, systemTypeId);
  if (kind !== 'orderEntry' && kind !== 'auditOrder') return opening(entry);
  const orderId = params.get(linkParams.orderId)?.trim() ?? '';
  if (orderId === '') return opening(entry);
  // An order id that is no id names no item (R-LINK-2).
  if (!/^[1-9]\d{0,8}$/.test(orderId)) return { kind: 'error', message: messages.invalidHyperlink };
  return opening(entry, orderFormRoute(kind, systemTypeId, Number(orderId)));
}

/**
 * R-LINK-1..4, R-LINK-6, R-OAUD-6: what a link opens. An orders/ link opens order entry, or audit order
 * when the link says audit, of the system type its parameter names (at the order its `orderId`
 * names); a maintenance path opens that screen. Paths are matched without regard to case; the query never matches a path. A bare
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
  if (target) return openingRecord(target.entry, query);
  if (path.includes('products/maintenance')) {
    return bySystemTypeParameter(query, 'productMaintenance');
  }
  return { kind: 'none' };
}
