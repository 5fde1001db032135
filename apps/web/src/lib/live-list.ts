/** A cached list as the server answered it: its rows and how many rows it counted. */
type LiveList<Row> = { count: number; data: Row[] };

/** The same list object back means nothing changed; 'refetch' means the cache cannot be patched. */
export type LiveListChange<List> = List | 'refetch';

export type LiveViewRules<Row> = {
  /** Whether the list's filters take the row as the event leaves it (`current`: the cached row). */
  belongs(current: Row | undefined): boolean;
  /** An event older than the cached row (a refetch overtook it) must not roll the row back. */
  isOlder?(current: Row): boolean;
  /** The row as the event leaves it; the same row back when nothing changed. */
  patch(current: Row): Row;
};

/**
 * How a hub event's live view changes a cached list: patch the row in place, drop it when it no
 * longer matches the list's filters, or ask for a refetch when the list should hold a row it lacks
 * (a live view carries less than a list row).
 */
export function applyLiveView<Row extends { id: number }, List extends LiveList<Row>>(
  list: List,
  id: number,
  rules: LiveViewRules<Row>,
): LiveListChange<List> {
  const index = list.data.findIndex((row) => row.id === id);
  const current = list.data[index];
  if (!current) return rules.belongs(undefined) ? 'refetch' : list;
  if (rules.isOlder?.(current)) return list;
  if (!rules.belongs(current)) return removeRow(list, id);
  const patched = rules.patch(current);
  if (patched === current) return list;
  const data = list.data.slice();
  data[index] = patched;
  return { ...list, data };
}

/** The list without the row; the same list back when it did not hold it. */
export function removeRow<Row extends { id: number }, List extends LiveList<Row>>(
  list: List,
  id: number,
): List {
  if (!list.data.some((row) => row.id === id)) return list;
  return { ...list, count: list.count - 1, data: list.data.filter((row) => row.id !== id) };
}
