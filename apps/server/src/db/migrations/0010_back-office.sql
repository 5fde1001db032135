CREATE TABLE "accounting_export_batches" (
	"id" integer PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"record_count" integer NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	"file_name" text NOT NULL,
	"included_exported" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"undone_at" timestamp (3) with time zone,
	"undone_by" text,
	"undo_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "accounting_export_batches_format_check" CHECK ("accounting_export_batches"."format" in ('QuickBooksDesktop', 'QuickBooksOnline', 'Sage50', 'GeneralLedger'))
);
--> statement-breakpoint
CREATE TABLE "accounting_export_invoices" (
	"batch_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	CONSTRAINT "accounting_export_invoices_batch_id_invoice_id_pk" PRIMARY KEY("batch_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "customer_letters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_letters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"template_id" integer,
	"template_name" text NOT NULL,
	"subject" text NOT NULL,
	"letter_date" date NOT NULL,
	"sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_by_user_id" integer,
	"sent_by" text NOT NULL,
	"job_id" integer,
	"balance" numeric(12, 2),
	"past_due_amount" numeric(12, 2),
	"days_past_due" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"payment_date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reference" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "customer_payments_amount_check" CHECK ("customer_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "letter_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "letter_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"language_id" smallint DEFAULT 1 NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_by" text,
	CONSTRAINT "letter_templates_name_unique" UNIQUE("name"),
	CONSTRAINT "letter_templates_language_id_check" CHECK ("letter_templates"."language_id" in (1, 2)),
	CONSTRAINT "letter_templates_name_check" CHECK (length(trim("letter_templates"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_applications" (
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "payment_applications_payment_id_invoice_id_pk" PRIMARY KEY("payment_id","invoice_id"),
	CONSTRAINT "payment_applications_amount_check" CHECK ("payment_applications"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "concrete_mix_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "concrete_mix_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"concrete_mix_id" integer NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"username" text NOT NULL,
	"source" text NOT NULL,
	"global_mix_change_id" integer,
	"note" text,
	"reordered" boolean DEFAULT false NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"design" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "concrete_mix_history_source_check" CHECK ("concrete_mix_history"."source" in ('modification', 'maintenance', 'globalChange', 'globalChangeReversal'))
);
--> statement-breakpoint
CREATE TABLE "global_mix_change_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "global_mix_change_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"change_id" integer NOT NULL,
	"concrete_mix_id" integer NOT NULL,
	"raw_material_id" integer NOT NULL,
	"quantity_before" numeric(12, 3),
	"quantity_after" numeric(12, 3),
	"unit_before" integer,
	"unit_after" integer,
	"sequence_before" smallint,
	"sequence_after" smallint
);
--> statement-breakpoint
CREATE TABLE "global_mix_change_mixes" (
	"change_id" integer NOT NULL,
	"concrete_mix_id" integer NOT NULL,
	"version_before" integer NOT NULL,
	"version_after" integer NOT NULL,
	CONSTRAINT "global_mix_change_mixes_change_id_concrete_mix_id_pk" PRIMARY KEY("change_id","concrete_mix_id")
);
--> statement-breakpoint
CREATE TABLE "global_mix_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "global_mix_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"action" text NOT NULL,
	"raw_material_id" integer NOT NULL,
	"replacement_raw_material_id" integer,
	"factor" numeric(15, 9),
	"percent" numeric(9, 4),
	"quantity" numeric(12, 3),
	"selection" jsonb NOT NULL,
	"description" text,
	"applied_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"applied_by" text NOT NULL,
	"reversed_at" timestamp (3) with time zone,
	"reversed_by" text,
	"mix_count" integer NOT NULL,
	"line_count" integer NOT NULL,
	CONSTRAINT "global_mix_changes_action_check" CHECK ("global_mix_changes"."action" in ('replace', 'scale', 'set'))
);
--> statement-breakpoint
CREATE TABLE "raw_material_ranking_substitutes" (
	"ranking_id" integer NOT NULL,
	"raw_material_id" integer NOT NULL,
	"rank" smallint NOT NULL,
	CONSTRAINT "raw_material_ranking_substitutes_ranking_id_raw_material_id_pk" PRIMARY KEY("ranking_id","raw_material_id"),
	CONSTRAINT "raw_material_ranking_substitutes_ranking_id_rank_unique" UNIQUE("ranking_id","rank"),
	CONSTRAINT "raw_material_ranking_substitutes_rank_check" CHECK ("raw_material_ranking_substitutes"."rank" >= 1)
);
--> statement-breakpoint
CREATE TABLE "raw_material_rankings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "raw_material_rankings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plant_id" integer NOT NULL,
	"raw_material_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_by" text,
	CONSTRAINT "raw_material_rankings_plant_id_raw_material_id_unique" UNIQUE("plant_id","raw_material_id")
);
--> statement-breakpoint
CREATE TABLE "report_deliveries" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"schedule_id" integer,
	"inbox_count" integer NOT NULL,
	"emails" text[] NOT NULL,
	"email_state" text NOT NULL,
	"email_message" text,
	"delivery_job_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_deliveries_email_state_check" CHECK ("report_deliveries"."email_state" in ('none', 'skipped', 'sending'))
);
--> statement-breakpoint
CREATE TABLE "report_inbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_inbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"schedule_id" integer,
	"schedule_name" text NOT NULL,
	"report_key" text NOT NULL,
	"title" text NOT NULL,
	"delivered_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp (3) with time zone,
	CONSTRAINT "report_inbox_user_id_job_id_unique" UNIQUE("user_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"report_key" text NOT NULL,
	"period" text NOT NULL,
	"params" jsonb NOT NULL,
	"formats" text[] NOT NULL,
	"frequency" text NOT NULL,
	"weekday" smallint,
	"month_day" smallint,
	"time_of_day" text NOT NULL,
	"recipient_user_ids" integer[] NOT NULL,
	"recipient_emails" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"owner_user_id" integer,
	"owner" text NOT NULL,
	"next_run_at" timestamp (3) with time zone,
	"last_job_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_by" text,
	CONSTRAINT "report_schedules_frequency_check" CHECK ("report_schedules"."frequency" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "report_schedules_weekday_check" CHECK ("report_schedules"."weekday" between 1 and 7),
	CONSTRAINT "report_schedules_month_day_check" CHECK ("report_schedules"."month_day" between 0 and 31),
	CONSTRAINT "report_schedules_time_of_day_check" CHECK ("report_schedules"."time_of_day" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "accounting_export_batches" ADD CONSTRAINT "accounting_export_batches_id_background_jobs_id_fk" FOREIGN KEY ("id") REFERENCES "public"."background_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_export_batches" ADD CONSTRAINT "accounting_export_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_export_invoices" ADD CONSTRAINT "accounting_export_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_export_invoices" ADD CONSTRAINT "accounting_export_invoices_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."accounting_export_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_letters" ADD CONSTRAINT "customer_letters_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_letters" ADD CONSTRAINT "customer_letters_template_id_letter_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."letter_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_letters" ADD CONSTRAINT "customer_letters_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_letters" ADD CONSTRAINT "customer_letters_job_id_background_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."background_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD CONSTRAINT "customer_payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD CONSTRAINT "customer_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_applications" ADD CONSTRAINT "payment_applications_payment_id_customer_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."customer_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_applications" ADD CONSTRAINT "payment_applications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_mix_history" ADD CONSTRAINT "concrete_mix_history_concrete_mix_id_concrete_mixes_id_fk" FOREIGN KEY ("concrete_mix_id") REFERENCES "public"."concrete_mixes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_mix_history" ADD CONSTRAINT "concrete_mix_history_global_mix_change_id_fk" FOREIGN KEY ("global_mix_change_id") REFERENCES "public"."global_mix_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_mix_change_lines" ADD CONSTRAINT "global_mix_change_lines_change_id_global_mix_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."global_mix_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_mix_change_lines" ADD CONSTRAINT "global_mix_change_lines_concrete_mix_id_concrete_mixes_id_fk" FOREIGN KEY ("concrete_mix_id") REFERENCES "public"."concrete_mixes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_mix_change_lines" ADD CONSTRAINT "global_mix_change_lines_raw_material_id_raw_materials_id_fk" FOREIGN KEY ("raw_material_id") REFERENCES "public"."raw_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_mix_change_mixes" ADD CONSTRAINT "global_mix_change_mixes_change_id_global_mix_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."global_mix_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_mix_change_mixes" ADD CONSTRAINT "global_mix_change_mixes_concrete_mix_id_concrete_mixes_id_fk" FOREIGN KEY ("concrete_mix_id") REFERENCES "public"."concrete_mixes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_mix_changes" ADD CONSTRAINT "global_mix_changes_raw_material_id_raw_materials_id_fk" FOREIGN KEY ("raw_material_id") REFERENCES "public"."raw_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_mix_changes" ADD CONSTRAINT "global_mix_changes_replacement_raw_material_id_fk" FOREIGN KEY ("replacement_raw_material_id") REFERENCES "public"."raw_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_material_ranking_substitutes" ADD CONSTRAINT "raw_material_ranking_substitutes_ranking_id_fk" FOREIGN KEY ("ranking_id") REFERENCES "public"."raw_material_rankings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_material_ranking_substitutes" ADD CONSTRAINT "raw_material_ranking_substitutes_raw_material_id_fk" FOREIGN KEY ("raw_material_id") REFERENCES "public"."raw_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_material_rankings" ADD CONSTRAINT "raw_material_rankings_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_material_rankings" ADD CONSTRAINT "raw_material_rankings_raw_material_id_raw_materials_id_fk" FOREIGN KEY ("raw_material_id") REFERENCES "public"."raw_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_job_id_background_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."background_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_delivery_job_id_background_jobs_id_fk" FOREIGN KEY ("delivery_job_id") REFERENCES "public"."background_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_inbox" ADD CONSTRAINT "report_inbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_inbox" ADD CONSTRAINT "report_inbox_job_id_background_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."background_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_inbox" ADD CONSTRAINT "report_inbox_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_last_job_id_background_jobs_id_fk" FOREIGN KEY ("last_job_id") REFERENCES "public"."background_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_export_batches_created_at_idx" ON "accounting_export_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "accounting_export_invoices_invoice_id_idx" ON "accounting_export_invoices" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "customer_letters_customer_id_idx" ON "customer_letters" USING btree ("customer_id","sent_at");--> statement-breakpoint
CREATE INDEX "customer_letters_job_id_idx" ON "customer_letters" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "customer_payments_customer_id_idx" ON "customer_payments" USING btree ("customer_id","payment_date");--> statement-breakpoint
CREATE INDEX "payment_applications_invoice_id_idx" ON "payment_applications" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "concrete_mix_history_concrete_mix_id_at_idx" ON "concrete_mix_history" USING btree ("concrete_mix_id","at");--> statement-breakpoint
CREATE INDEX "global_mix_change_lines_change_id_idx" ON "global_mix_change_lines" USING btree ("change_id");--> statement-breakpoint
CREATE INDEX "global_mix_change_mixes_concrete_mix_id_idx" ON "global_mix_change_mixes" USING btree ("concrete_mix_id");--> statement-breakpoint
CREATE INDEX "global_mix_changes_applied_at_idx" ON "global_mix_changes" USING btree ("applied_at");--> statement-breakpoint
CREATE INDEX "raw_material_ranking_substitutes_raw_material_id_idx" ON "raw_material_ranking_substitutes" USING btree ("raw_material_id");--> statement-breakpoint
CREATE INDEX "report_deliveries_schedule_id_idx" ON "report_deliveries" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "report_inbox_user_id_idx" ON "report_inbox" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at") WHERE "report_schedules"."active";--> statement-breakpoint
CREATE INDEX "invoice_lines_order_id_idx" ON "invoice_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_job_id_idx" ON "invoice_lines" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "orders_customer_po_number_trgm_idx" ON "orders" USING gin ("customer_po_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_number_idx" ON "tickets" USING btree ("number");--> statement-breakpoint
CREATE INDEX "tickets_order_id_ticket_date_time_idx" ON "tickets" USING btree ("order_id","ticket_date_time");--> statement-breakpoint
CREATE INDEX "tickets_plant_id_ticket_date_time_idx" ON "tickets" USING btree ("plant_id","ticket_date_time");--> statement-breakpoint
CREATE INDEX "tickets_job_id_idx" ON "tickets" USING btree ("job_id") WHERE "tickets"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "tickets_customer_po_number_trgm_idx" ON "tickets" USING gin ("customer_po_number" gin_trgm_ops);--> statement-breakpoint
-- R-NLQ-3: the natural-language query screen reads these three views and nothing else. They are
-- SQL only (Drizzle's schema holds no views): apps/server/src/modules/nlq/nlq-views.ts names the
-- columns the query compiler may use, and a typed query naming anything else is refused.
-- nlq_deliveries: one row per product line of a ticket that is not voided.
CREATE VIEW "nlq_deliveries" AS
SELECT
  "ticket_products"."id" AS "line_id",
  "tickets"."id" AS "ticket_id",
  "tickets"."ticket_date_time" AS "delivered_at",
  "orders"."system_type_id" AS "system_type_id",
  "tickets"."plant_id" AS "plant_id",
  "plants"."description" AS "plant_name",
  "orders"."customer_id" AS "customer_id",
  "orders"."customer_name" AS "customer_name",
  "jobs"."id" AS "job_id",
  coalesce(nullif("jobs"."address2", ''), "jobs"."number") AS "job_name",
  "ticket_products"."product_id" AS "product_id",
  "products"."description" AS "product_name",
  "tickets"."truck_id" AS "truck_id",
  coalesce("trucks"."identification_number", "tickets"."truck_number") AS "truck_name",
  "tickets"."driver_id" AS "driver_id",
  "drivers"."name" AS "driver_name",
  CASE WHEN coalesce("ticket_products"."unit_of_measure", "products"."unit_of_measure_id") = 1
    THEN coalesce("ticket_products"."delivered_quantity", "ticket_products"."quantity") ELSE 0 END AS "cubic_yards",
  CASE WHEN coalesce("ticket_products"."unit_of_measure", "products"."unit_of_measure_id") = 6
    THEN coalesce("ticket_products"."delivered_quantity", "ticket_products"."quantity") ELSE 0 END AS "tons",
  round(coalesce("ticket_products"."delivered_quantity", "ticket_products"."quantity") * coalesce("ticket_products"."price", 0), 2) AS "amount"
FROM "ticket_products"
JOIN "tickets" ON "tickets"."id" = "ticket_products"."ticket_id"
JOIN "orders" ON "orders"."id" = "tickets"."order_id"
JOIN "plants" ON "plants"."id" = "tickets"."plant_id"
JOIN "products" ON "products"."id" = "ticket_products"."product_id"
LEFT JOIN "jobs" ON "jobs"."id" = coalesce("tickets"."job_id", "orders"."job_id")
LEFT JOIN "trucks" ON "trucks"."id" = "tickets"."truck_id"
LEFT JOIN "drivers" ON "drivers"."id" = "tickets"."driver_id"
WHERE "tickets"."status_id" <> 5 AND "tickets"."void_status_id" IS NULL;--> statement-breakpoint
-- nlq_orders: one row per order that is not deleted; ordered_yards from its primary products.
CREATE VIEW "nlq_orders" AS
SELECT
  "orders"."id" AS "order_id",
  "orders"."number"::text AS "order_name",
  "orders"."number" AS "order_number",
  "orders"."ship_date" AS "ship_date",
  "orders"."system_type_id" AS "system_type_id",
  "orders"."order_status_id" AS "order_status_id",
  "orders"."plant_id" AS "plant_id",
  "plants"."description" AS "plant_name",
  "orders"."customer_id" AS "customer_id",
  "orders"."customer_name" AS "customer_name",
  "orders"."job_id" AS "job_id",
  coalesce(nullif("jobs"."address2", ''), "jobs"."number") AS "job_name",
  coalesce((
    SELECT sum("schedule_products"."quantity")
    FROM "schedules"
    JOIN "schedule_products" ON "schedule_products"."schedule_id" = "schedules"."id"
    WHERE "schedules"."order_id" = "orders"."id"
      AND "schedule_products"."primary_flag"
      AND "schedule_products"."unit_of_measure" = 1
  ), 0) AS "ordered_yards"
FROM "orders"
JOIN "plants" ON "plants"."id" = "orders"."plant_id"
LEFT JOIN "jobs" ON "jobs"."id" = "orders"."job_id"
WHERE "orders"."order_status_id" <> 0;--> statement-breakpoint
-- nlq_trucks: one row per active truck, as it stands now, with its plant's system type.
CREATE VIEW "nlq_trucks" AS
SELECT
  "trucks"."id" AS "truck_id",
  "trucks"."identification_number" AS "truck_name",
  "trucks"."status_id" AS "truck_status_id",
  "trucks"."status_date_time" AS "status_since",
  "trucks"."plant_id" AS "plant_id",
  "plants"."description" AS "plant_name",
  "plants"."system_type_id" AS "system_type_id",
  "trucks"."driver_id" AS "driver_id",
  "drivers"."name" AS "driver_name"
FROM "trucks"
LEFT JOIN "plants" ON "plants"."id" = "trucks"."plant_id"
LEFT JOIN "drivers" ON "drivers"."id" = "trucks"."driver_id"
WHERE NOT "trucks"."inactive_flag";
