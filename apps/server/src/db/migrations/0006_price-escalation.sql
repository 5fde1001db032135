CREATE TABLE "price_escalation_rows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_escalation_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"escalation_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"plant_id" integer,
	"quote_id" integer,
	"quote_product_id" integer,
	"price_before" numeric(12, 2) NOT NULL,
	"price_after" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_escalations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_escalations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(12, 4) NOT NULL,
	"effective_date" date NOT NULL,
	"selection" jsonb NOT NULL,
	"description" text,
	"applied_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"applied_by" text NOT NULL,
	"reversed_at" timestamp (3) with time zone,
	"reversed_by" text,
	"row_count" integer NOT NULL,
	CONSTRAINT "price_escalations_kind_check" CHECK ("price_escalations"."kind" in ('product', 'quote')),
	CONSTRAINT "price_escalations_method_check" CHECK ("price_escalations"."method" in ('percent', 'amount'))
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"plant_id" integer,
	"price" numeric(12, 2) NOT NULL,
	"effective_date" date NOT NULL,
	"escalation_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_prices_price_check" CHECK ("product_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quote_product_prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_product_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_product_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"effective_date" date NOT NULL,
	"escalation_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_product_prices_price_check" CHECK ("quote_product_prices"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "price_escalation_rows" ADD CONSTRAINT "price_escalation_rows_escalation_id_price_escalations_id_fk" FOREIGN KEY ("escalation_id") REFERENCES "public"."price_escalations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_escalation_rows" ADD CONSTRAINT "price_escalation_rows_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_escalation_rows" ADD CONSTRAINT "price_escalation_rows_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_escalation_rows" ADD CONSTRAINT "price_escalation_rows_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_escalation_rows" ADD CONSTRAINT "price_escalation_rows_quote_product_id_fk" FOREIGN KEY ("quote_product_id") REFERENCES "public"."quote_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_escalation_id_price_escalations_id_fk" FOREIGN KEY ("escalation_id") REFERENCES "public"."price_escalations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_product_prices" ADD CONSTRAINT "quote_product_prices_quote_product_id_quote_products_id_fk" FOREIGN KEY ("quote_product_id") REFERENCES "public"."quote_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_product_prices" ADD CONSTRAINT "quote_product_prices_escalation_id_price_escalations_id_fk" FOREIGN KEY ("escalation_id") REFERENCES "public"."price_escalations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_escalation_rows_escalation_id_idx" ON "price_escalation_rows" USING btree ("escalation_id");--> statement-breakpoint
CREATE INDEX "price_escalation_rows_product_id_idx" ON "price_escalation_rows" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "price_escalation_rows_quote_product_id_idx" ON "price_escalation_rows" USING btree ("quote_product_id");--> statement-breakpoint
CREATE INDEX "price_escalations_kind_applied_at_idx" ON "price_escalations" USING btree ("kind","applied_at");--> statement-breakpoint
CREATE INDEX "product_prices_product_id_effective_date_idx" ON "product_prices" USING btree ("product_id","effective_date");--> statement-breakpoint
CREATE INDEX "product_prices_escalation_id_idx" ON "product_prices" USING btree ("escalation_id");--> statement-breakpoint
CREATE INDEX "quote_product_prices_quote_product_id_effective_date_idx" ON "quote_product_prices" USING btree ("quote_product_id","effective_date");--> statement-breakpoint
CREATE INDEX "quote_product_prices_escalation_id_idx" ON "quote_product_prices" USING btree ("escalation_id");