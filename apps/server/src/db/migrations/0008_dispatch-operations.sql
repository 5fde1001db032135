CREATE TABLE "load_batches" (
	"load_id" integer PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"plant_id" integer NOT NULL,
	"alley" smallint,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp (3) with time zone,
	"sent_by" text,
	"batched_at" timestamp (3) with time zone,
	"batched_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_by" text,
	CONSTRAINT "load_batches_state_check" CHECK ("load_batches"."state" in ('queued', 'sent', 'batched', 'failed')),
	CONSTRAINT "load_batches_alley_check" CHECK ("load_batches"."alley" >= 1)
);
--> statement-breakpoint
CREATE TABLE "ticket_batch_weights" (
	"ticket_id" integer NOT NULL,
	"raw_material_id" integer NOT NULL,
	"sequence" smallint DEFAULT 0 NOT NULL,
	"target_quantity" numeric(12, 3) NOT NULL,
	"batched_quantity" numeric(12, 3),
	"unit_of_measure_id" integer,
	CONSTRAINT "ticket_batch_weights_ticket_id_raw_material_id_pk" PRIMARY KEY("ticket_id","raw_material_id"),
	CONSTRAINT "ticket_batch_weights_quantities_check" CHECK ("ticket_batch_weights"."target_quantity" >= 0 and "ticket_batch_weights"."batched_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "record_locks" (
	"table_name" text NOT NULL,
	"record_id" integer NOT NULL,
	"holder_connection_id" text NOT NULL,
	"holder_username" text NOT NULL,
	"dispatcher_instance_id" text NOT NULL,
	"locked_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "record_locks_table_name_record_id_pk" PRIMARY KEY("table_name","record_id"),
	CONSTRAINT "record_locks_record_id_check" CHECK ("record_locks"."record_id" >= 1)
);
--> statement-breakpoint
CREATE TABLE "scale_readers" (
	"scale_id" integer PRIMARY KEY NOT NULL,
	"dispatcher_instance_id" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_plants" (
	"plant_id" integer PRIMARY KEY NOT NULL,
	"next_ticket_number" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_by" text,
	CONSTRAINT "block_plants_next_ticket_number_check" CHECK ("block_plants"."next_ticket_number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "ticket_products" DROP CONSTRAINT "ticket_products_quantities_check";--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_quantities_check";--> statement-breakpoint
ALTER TABLE "print_destinations" ADD COLUMN "uri" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "customer_po_number" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "bill_of_lading_number" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "restocking_charge" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "load_batches" ADD CONSTRAINT "load_batches_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_batches" ADD CONSTRAINT "load_batches_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_batches" ADD CONSTRAINT "load_batches_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_batch_weights" ADD CONSTRAINT "ticket_batch_weights_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_batch_weights" ADD CONSTRAINT "ticket_batch_weights_raw_material_id_raw_materials_id_fk" FOREIGN KEY ("raw_material_id") REFERENCES "public"."raw_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_batch_weights" ADD CONSTRAINT "ticket_batch_weights_unit_of_measure_id_units_of_measure_id_fk" FOREIGN KEY ("unit_of_measure_id") REFERENCES "public"."units_of_measure"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_plants" ADD CONSTRAINT "block_plants_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "load_batches_plant_id_idx" ON "load_batches" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "record_locks_dispatcher_instance_id_index" ON "record_locks" USING btree ("dispatcher_instance_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loads_on_job_time_idx" ON "loads" USING btree ("on_job_time");--> statement-breakpoint
CREATE INDEX "loads_ticketed_idx" ON "loads" USING btree ("status_id") WHERE "loads"."status_id" = 2;--> statement-breakpoint
ALTER TABLE "ticket_products" ADD CONSTRAINT "ticket_products_quantities_check" CHECK ("ticket_products"."delivered_quantity" >= 0 and "ticket_products"."unused_quantity" >= 0 and "ticket_products"."slump" >= 0);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_quantities_check" CHECK ("tickets"."gross_weight" >= 0 and "tickets"."tare_weight" >= 0 and "tickets"."net_weight" >= 0 and "tickets"."water_added" >= 0 and "tickets"."max_allowable_water_gallons" >= 0 and "tickets"."cod_amount" >= 0 and "tickets"."restocking_charge" >= 0);