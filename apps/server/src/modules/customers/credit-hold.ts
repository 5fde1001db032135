/**
 * R-PEND-4 (and order entry's credit check): whether a customer's credit status holds its orders.
 * A customer with no credit status, or a status without the flag, is not held. Read with
 * `creditStatuses` left-joined on the customer's credit status.
 */
import { sql } from 'drizzle-orm';
import { creditStatuses } from '../../db/schema/lookups';

export const creditHoldsOrders = sql<boolean>`coalesce(${creditStatuses.holdOrdersFlag}, false)`;
