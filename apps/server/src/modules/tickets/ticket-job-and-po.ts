import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import { tickets } from '../../db/schema/tickets';

/**
 * R-TEDIT-2: a ticket's own job and PO when a clerk set them, else its order's. The read model's
 * job and PO columns hold these (its refresh in migration 0011 writes the same coalesce, and
 * ticket-inquiry-model.test.ts holds the two together); the invoice inquiry reads them live.
 */
export const ticketJobId = sql<number | null>`coalesce(${tickets.jobId}, ${orders.jobId})`;
export const ticketPo = sql<string>`coalesce(${tickets.customerPoNumber}, ${orders.customerPoNumber})`;
