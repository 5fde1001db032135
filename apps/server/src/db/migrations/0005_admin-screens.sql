CREATE TABLE "audit_trail" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_trail_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"username" text NOT NULL,
	"resource" text NOT NULL,
	"record_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "external_user_jobs" (
	"user_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	CONSTRAINT "external_user_jobs_user_id_job_id_pk" PRIMARY KEY("user_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "group_form_permissions" (
	"group_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"permission_id" smallint NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_form_permissions_group_id_form_id_pk" PRIMARY KEY("group_id","form_id"),
	CONSTRAINT "group_form_permissions_permission_id_check" CHECK ("group_form_permissions"."permission_id" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "static_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "static_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"system_type_id" smallint NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" numeric(12, 3) DEFAULT 1 NOT NULL,
	"add_to_orders" boolean DEFAULT true NOT NULL,
	"add_to_tickets" boolean DEFAULT true NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_by" text,
	CONSTRAINT "static_products_system_type_id_product_id_unique" UNIQUE("system_type_id","product_id"),
	CONSTRAINT "static_products_system_type_id_check" CHECK ("static_products"."system_type_id" in (1, 2, 3)),
	CONSTRAINT "static_products_quantity_check" CHECK ("static_products"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "modified_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "modified_by" text;--> statement-breakpoint
ALTER TABLE "short_load_types" ADD COLUMN "system_type_id" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "short_load_types" ADD COLUMN "plant_id" integer;--> statement-breakpoint
ALTER TABLE "external_user_jobs" ADD CONSTRAINT "external_user_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_user_jobs" ADD CONSTRAINT "external_user_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_form_permissions" ADD CONSTRAINT "group_form_permissions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_products" ADD CONSTRAINT "static_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_trail_at_idx" ON "audit_trail" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_trail_resource_record_id_idx" ON "audit_trail" USING btree ("resource","record_id");--> statement-breakpoint
CREATE INDEX "audit_trail_username_idx" ON "audit_trail" USING btree ("username");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_load_types" ADD CONSTRAINT "short_load_types_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_customer_id_idx" ON "users" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "short_load_types" ADD CONSTRAINT "short_load_types_system_type_id_check" CHECK ("short_load_types"."system_type_id" in (1, 2, 3));