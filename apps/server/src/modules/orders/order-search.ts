/**
 * What an order search matches (the orders list, the pending orders list): the order's number,
 * customer name and PO number, and its job's number.
 */
import { ilike, or, sql, type Column, type SQL } from 'drizzle-orm';
import { jobs } from '../../db/schema/jobs';
import { orders } from '../../db/schema/orders';
import { likePattern } from '../../http/list-query';

/** `search` as a condition on orders, also matched in `joined`: columns a list joins in besides. */
export function orderSearchCondition(
  search: string,
  joined: readonly Column[] = [],
): SQL | undefined {
  const pattern = likePattern(search);
  return or(
    ilike(sql`${orders.number}::text`, pattern),
    ilike(orders.customerName, pattern),
    ilike(orders.customerPoNumber, pattern),
    // A subquery, not a join: a page of orders is then chosen without reading jobs.
    sql`${orders.jobId} in (select ${jobs.id} from ${jobs} where ${ilike(jobs.number, pattern)})`,
    ...joined.map((column) => ilike(column, pattern)),
  );
}
