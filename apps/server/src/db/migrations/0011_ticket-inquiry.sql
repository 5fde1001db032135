CREATE TABLE "ticket_inquiry" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"ticket_date_time" timestamp (3) with time zone NOT NULL,
	"system_type_id" smallint NOT NULL,
	"plant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"job_id" integer,
	"customer_po_number" text,
	"truck_id" integer,
	"invoice_id" integer,
	"voided" boolean NOT NULL,
	"row_json" text NOT NULL,
	"extended_price" numeric(12, 2)
);
--> statement-breakpoint
ALTER TABLE "ticket_inquiry" ADD CONSTRAINT "ticket_inquiry_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_inquiry_number_idx" ON "ticket_inquiry" USING btree ("number");--> statement-breakpoint
CREATE INDEX "ticket_inquiry_ticket_date_time_idx" ON "ticket_inquiry" USING btree ("ticket_date_time");--> statement-breakpoint
CREATE INDEX "ticket_inquiry_customer_id_ticket_date_time_idx" ON "ticket_inquiry" USING btree ("customer_id","ticket_date_time");--> statement-breakpoint
CREATE INDEX "ticket_inquiry_plant_id_ticket_date_time_idx" ON "ticket_inquiry" USING btree ("plant_id","ticket_date_time");--> statement-breakpoint
CREATE INDEX "ticket_inquiry_truck_id_ticket_date_time_idx" ON "ticket_inquiry" USING btree ("truck_id","ticket_date_time");--> statement-breakpoint
CREATE INDEX "ticket_inquiry_job_id_ticket_date_time_idx" ON "ticket_inquiry" USING btree ("job_id","ticket_date_time") WHERE "ticket_inquiry"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "ticket_inquiry_invoice_id_idx" ON "ticket_inquiry" USING btree ("invoice_id") WHERE "ticket_inquiry"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "ticket_inquiry_customer_po_number_trgm_idx" ON "ticket_inquiry" USING gin ("customer_po_number" gin_trgm_ops);--> statement-breakpoint
-- The read model's rows of these tickets, written anew from the tickets, their orders, lines and
-- names (R-INQ-12, ADR 015). row_json is the ticket's TicketInquiryRow (its schema in
-- packages/domain/src/inquiry/ticket-inquiry.ts) without extendedPrice and its closing brace.
-- It restates the inquiry's rules, and ticket-inquiry-model.test.ts holds it to them row by row:
-- a ticket's own job and PO before its order's (R-TEDIT-2: ticketJobId, ticketPo); voided by a
-- void status or time (ticketVoided); the first line stands for the load; the price is the sum
-- of the priced lines' amounts, each rounded half away from zero to the cent (lineAmount).
CREATE FUNCTION ticket_inquiry_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO ticket_inquiry (ticket_id, number, ticket_date_time, system_type_id, plant_id,
    customer_id, job_id, customer_po_number, truck_id, invoice_id, voided, row_json,
    extended_price)
  SELECT t.id, t.number, t.ticket_date_time, o.system_type_id, t.plant_id, o.customer_id,
    coalesce(t.job_id, o.job_id), coalesce(t.customer_po_number, o.customer_po_number),
    t.truck_id, t.invoice_id, (t.void_status_id IS NOT NULL OR t.void_date_time IS NOT NULL),
    left(json_build_object(
      'id', t.id,
      'number', t.number,
      'ticketDateTime', to_char(t.ticket_date_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'systemTypeId', o.system_type_id,
      'plantId', t.plant_id,
      'plantName', (SELECT p.description FROM plants p WHERE p.id = t.plant_id),
      'orderId', t.order_id,
      'orderNumber', o.number,
      'customerId', o.customer_id,
      'customerNumber', (SELECT c.number FROM customers c WHERE c.id = o.customer_id),
      'customerName', o.customer_name,
      'jobId', coalesce(t.job_id, o.job_id),
      'jobNumber', coalesce((SELECT j.number FROM jobs j WHERE j.id = coalesce(t.job_id, o.job_id)), ''),
      'customerPoNumber', coalesce(t.customer_po_number, o.customer_po_number, ''),
      'truckId', t.truck_id,
      'truckNumber', coalesce(t.truck_number, ''),
      'productDescription', coalesce(l.descriptions[1], ''),
      'quantity', l.quantities[1],
      'unitOfMeasure', l.units[1],
      'lineCount', coalesce(l.line_count, 0),
      'statusId', t.status_id,
      'voidedFlag', (t.void_status_id IS NOT NULL OR t.void_date_time IS NOT NULL),
      'invoiceId', t.invoice_id,
      'invoiceNumber', (SELECT i.number FROM invoices i WHERE i.id = t.invoice_id)
    )::text, -1),
    l.extended_price
  FROM tickets t
  JOIN orders o ON o.id = t.order_id
  LEFT JOIN LATERAL (
    SELECT array_agg(p.description ORDER BY tp.id) AS descriptions,
      array_agg(tp.quantity ORDER BY tp.id) AS quantities,
      array_agg(tp.unit_of_measure ORDER BY tp.id) AS units,
      count(*)::int AS line_count,
      sum(round(tp.quantity * tp.price, 2)) AS extended_price
    FROM ticket_products tp JOIN products p ON p.id = tp.product_id
    WHERE tp.ticket_id = t.id
  ) l ON true
  WHERE t.id = ANY (ids)
  ON CONFLICT (ticket_id) DO UPDATE SET number = excluded.number,
    ticket_date_time = excluded.ticket_date_time, system_type_id = excluded.system_type_id,
    plant_id = excluded.plant_id, customer_id = excluded.customer_id, job_id = excluded.job_id,
    customer_po_number = excluded.customer_po_number, truck_id = excluded.truck_id,
    invoice_id = excluded.invoice_id, voided = excluded.voided, row_json = excluded.row_json,
    extended_price = excluded.extended_price
$$;
--> statement-breakpoint
-- Statement-level triggers with transition tables: a bulk write refreshes its rows in one query.
CREATE FUNCTION ticket_inquiry_tickets_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ticket_inquiry_refresh(ARRAY(SELECT id FROM written));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the columns the inquiry shows: a truck's status stamps on its ticket rewrite nothing.
CREATE FUNCTION ticket_inquiry_tickets_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ticket_inquiry_refresh(ARRAY(
    SELECT n.id FROM written n JOIN before b ON b.id = n.id
    WHERE (n.number, n.ticket_date_time, n.plant_id, n.order_id, n.job_id, n.customer_po_number,
        n.truck_id, n.truck_number, n.status_id, n.void_status_id, n.void_date_time, n.invoice_id)
      IS DISTINCT FROM (b.number, b.ticket_date_time, b.plant_id, b.order_id, b.job_id,
        b.customer_po_number, b.truck_id, b.truck_number, b.status_id, b.void_status_id,
        b.void_date_time, b.invoice_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ticket_inquiry_lines_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ticket_inquiry_refresh(ARRAY(SELECT DISTINCT ticket_id FROM written));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ticket_inquiry_refresh(ARRAY(SELECT DISTINCT ticket_id FROM before));
  ELSE
    PERFORM ticket_inquiry_refresh(ARRAY(
      SELECT ticket_id FROM written UNION SELECT ticket_id FROM before));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ticket_inquiry_orders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ticket_inquiry_refresh(ARRAY(
    SELECT t.id FROM tickets t WHERE t.order_id IN (
      SELECT n.id FROM written n JOIN before b ON b.id = n.id
      WHERE (n.number, n.system_type_id, n.customer_id, n.customer_name, n.job_id,
          n.customer_po_number)
        IS DISTINCT FROM (b.number, b.system_type_id, b.customer_id, b.customer_name, b.job_id,
          b.customer_po_number))));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A renamed plant, customer, job, invoice or product: the rows that show its name, in the
-- renaming transaction, so no search shows the old name after the rename is committed. The
-- trigger's arguments: the table that links a ticket to the renamed row, its column that does,
-- and the renamed table's name column.
CREATE FUNCTION ticket_inquiry_names_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'SELECT ticket_inquiry_refresh(ARRAY(SELECT ticket_id FROM %I WHERE %I IN (
       SELECT n.id FROM written n JOIN before b ON b.id = n.id
       WHERE n.%I IS DISTINCT FROM b.%I)))',
    TG_ARGV[0], TG_ARGV[1], TG_ARGV[2], TG_ARGV[2]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ticket_inquiry_tickets_inserted AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION ticket_inquiry_tickets_inserted();
--> statement-breakpoint
CREATE TRIGGER ticket_inquiry_tickets_updated AFTER UPDATE ON tickets
  REFERENCING NEW TABLE AS written OLD TABLE AS before
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_inquiry_tickets_updated();
--> statement-breakpoint
CREATE TRIGGER ticket_inquiry_lines_inserted AFTER INSERT ON ticket_products
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION ticket_inquiry_lines_written();
--> statement-breakpoint
CREATE TRIGGER ticket_inquiry_lines_updated AFTER UPDATE ON ticket_products
  REFERENCING NEW TABLE AS written OLD TABLE AS before
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_inquiry_lines_written();
--> statement-breakpoint
CREATE TRIGGER ticket_inquiry_lines_deleted AFTER DELETE ON ticket_products
  REFERENCING OLD TABLE AS before FOR EACH STATEMENT EXECUTE FUNCTION ticket_inquiry_lines_written();
--> statement-breakpoint
CREATE TRIGGER ticket_inquiry_orders_updated AFTER UPDATE ON orders
  REFERENCING NEW TABLE AS written OLD TABLE AS before
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_inquiry_orders_updated();
--> statement-breakpoint
CREATE TRIGGER ticket_inquiry_plants_updated AFTER UPDATE ON plants
  REFERENCING NEW TABLE AS written OLD TABLE AS before
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_inquiry_names_updated('ticket_inquiry', 'plant_id', 'description');
--> statement-breakpoint
CREATE TRIGGER ticket_inquiry_customers_updated AFTER UPDATE ON customers
  REFERENCING NEW TABLE AS written OLD TABLE AS before
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_inquiry_names_updated('ticket_inquiry', 'customer_id', 'number');
--> statement-breakpoint
CREATE TRIGGER ticket_inquiry_jobs_updated AFTER UPDATE ON jobs
  REFERENCING NEW TABLE AS written OLD TABLE AS before
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_inquiry_names_updated('ticket_inquiry', 'job_id', 'number');
--> statement-breakpoint
CREATE TRIGGER ticket_inquiry_invoices_updated AFTER UPDATE ON invoices
  REFERENCING NEW TABLE AS written OLD TABLE AS before
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_inquiry_names_updated('ticket_inquiry', 'invoice_id', 'number');
--> statement-breakpoint
CREATE TRIGGER ticket_inquiry_products_updated AFTER UPDATE ON products
  REFERENCING NEW TABLE AS written OLD TABLE AS before
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_inquiry_names_updated('ticket_products', 'product_id', 'description');
--> statement-breakpoint
SELECT ticket_inquiry_refresh(ARRAY(SELECT id FROM tickets));
--> statement-breakpoint
-- Statistics now: until autovacuum comes by, the planner would take the filled table for empty.
ANALYZE ticket_inquiry;
