CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "form_permissions" (
	"user_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"permission_id" smallint NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_permissions_user_id_form_id_pk" PRIMARY KEY("user_id","form_id"),
	CONSTRAINT "form_permissions_permission_id_check" CHECK ("form_permissions"."permission_id" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_group_name_unique" UNIQUE("group_name")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username_lower" text NOT NULL,
	"ip_address" text,
	"attempted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"succeeded" boolean NOT NULL,
	CONSTRAINT "login_attempts_username_lower_check" CHECK ("login_attempts"."username_lower" = lower("login_attempts"."username_lower"))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"seat_token_hash" text,
	"connection_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"last_used_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "sessions_expiry_check" CHECK ("sessions"."expires_at" > "sessions"."created_at")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "user_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"full_name" text,
	"email_address" text,
	"language" text DEFAULT 'en' NOT NULL,
	"quick_launch_form_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_profiles_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_sysadmin" boolean DEFAULT false NOT NULL,
	"admin_only" boolean DEFAULT false NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"employee_id" integer,
	"password_changed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_check" CHECK (length(trim("users"."username")) > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_aggregate_pricing" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_aggregate_pricing_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"short_load_type_id" integer,
	"free_short_load_id" integer,
	"standby_charge_type_id" integer,
	"standby_min_per_qty" numeric(12, 3),
	"standby_price" numeric(12, 2),
	"salesman_employee_id" integer,
	"sales_plant_id" integer,
	"price_adjustment" numeric(12, 2),
	"price_adjustment_percent_flag" boolean DEFAULT false NOT NULL,
	"terms_discount_id" integer,
	"nonworkday_charge_flag" boolean DEFAULT false NOT NULL,
	"start_date" date,
	"termination_date" date,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"require_quoted_del_charge_flag" boolean DEFAULT false NOT NULL,
	"override_fuel_surcharge_flag" boolean DEFAULT false NOT NULL,
	"print_material_type_id" integer,
	CONSTRAINT "customer_aggregate_pricing_dates_check" CHECK ("customer_aggregate_pricing"."termination_date" >= "customer_aggregate_pricing"."start_date"),
	CONSTRAINT "customer_aggregate_pricing_standby_check" CHECK ("customer_aggregate_pricing"."standby_min_per_qty" >= 0 and "customer_aggregate_pricing"."standby_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customer_block_pricing" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_block_pricing_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"short_load_type_id" integer,
	"free_short_load_id" integer,
	"standby_charge_type_id" integer,
	"standby_min_per_qty" numeric(12, 3),
	"standby_price" numeric(12, 2),
	"salesman_employee_id" integer,
	"sales_plant_id" integer,
	"price_adjustment" numeric(12, 2),
	"price_adjustment_percent_flag" boolean DEFAULT false NOT NULL,
	"terms_discount_id" integer,
	"nonworkday_charge_flag" boolean DEFAULT false NOT NULL,
	"start_date" date,
	"termination_date" date,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"block_restocking_charge" numeric(12, 2),
	"block_restock_percent_flag" boolean DEFAULT false NOT NULL,
	CONSTRAINT "customer_block_pricing_dates_check" CHECK ("customer_block_pricing"."termination_date" >= "customer_block_pricing"."start_date"),
	CONSTRAINT "customer_block_pricing_standby_check" CHECK ("customer_block_pricing"."standby_min_per_qty" >= 0 and "customer_block_pricing"."standby_price" >= 0),
	CONSTRAINT "customer_block_pricing_restocking_check" CHECK ("customer_block_pricing"."block_restocking_charge" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customer_concrete_pricing" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_concrete_pricing_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"short_load_type_id" integer,
	"free_short_load_id" integer,
	"standby_charge_type_id" integer,
	"standby_min_per_qty" numeric(12, 3),
	"standby_price" numeric(12, 2),
	"salesman_employee_id" integer,
	"sales_plant_id" integer,
	"price_adjustment" numeric(12, 2),
	"price_adjustment_percent_flag" boolean DEFAULT false NOT NULL,
	"terms_discount_id" integer,
	"nonworkday_charge_flag" boolean DEFAULT false NOT NULL,
	"start_date" date,
	"termination_date" date,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"cartage_rate" numeric(12, 2),
	"print_material_type_id" integer,
	"require_on_site_qc" boolean DEFAULT false NOT NULL,
	CONSTRAINT "customer_concrete_pricing_dates_check" CHECK ("customer_concrete_pricing"."termination_date" >= "customer_concrete_pricing"."start_date"),
	CONSTRAINT "customer_concrete_pricing_standby_check" CHECK ("customer_concrete_pricing"."standby_min_per_qty" >= 0 and "customer_concrete_pricing"."standby_price" >= 0),
	CONSTRAINT "customer_concrete_pricing_cartage_rate_check" CHECK ("customer_concrete_pricing"."cartage_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"name" text NOT NULL,
	"sort_name" text,
	"address1" text,
	"address2" text,
	"address3" text,
	"address4" text,
	"address5" text,
	"address6" text,
	"address7" text,
	"contact_name" text,
	"phone_number" text,
	"phone_extension" text,
	"fax_number" text,
	"email_address" text,
	"email_address_csv" text,
	"billing_name" text,
	"billing_address1" text,
	"billing_address2" text,
	"billing_address3" text,
	"billing_address4" text,
	"billing_address5" text,
	"billing_address6" text,
	"billing_address7" text,
	"billing_email_address" text,
	"accounting_customer_number" text,
	"credit_status_id" integer,
	"credit_limit" numeric(12, 2),
	"credit_notes" text,
	"cash_only_flag" boolean DEFAULT false NOT NULL,
	"tax_schedule_id" integer,
	"nontaxable_flag" boolean DEFAULT false NOT NULL,
	"tax_exempt_number" text,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_number_unique" UNIQUE("number"),
	CONSTRAINT "customers_credit_limit_check" CHECK ("customers"."credit_limit" >= 0),
	CONSTRAINT "customers_name_check" CHECK (length(trim("customers"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employee_number" text NOT NULL,
	"first_name" text,
	"middle_name" text,
	"last_name" text,
	"complete_name" text NOT NULL,
	"address1" text,
	"address2" text,
	"address3" text,
	"address4" text,
	"address5" text,
	"address6" text,
	"address7" text,
	"business_phone_number" text,
	"cell_phone_number" text,
	"home_phone_number" text,
	"pager_number" text,
	"email_address" text,
	"hire_date" date,
	"birth_date" date,
	"pay_rate" numeric(12, 2),
	"home_plant_id" integer,
	"employee_type_id" integer,
	"user_profile_id" integer,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"punch_out_flag" boolean DEFAULT false NOT NULL,
	"email_ticket_on_submit" boolean DEFAULT false NOT NULL,
	"license_number" text,
	"modified_date_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ticket_writer_format_file_aggregate" text,
	"ticket_writer_format_file_block" text,
	"ticket_writer_format_file_concrete" text,
	"national_identifier_hash" text,
	"national_identifier_last4" char(4),
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "employees_employee_number_unique" UNIQUE("employee_number"),
	CONSTRAINT "employees_pay_rate_check" CHECK ("employees"."pay_rate" >= 0),
	CONSTRAINT "employees_national_identifier_last4_check" CHECK ("employees"."national_identifier_last4" ~ '^[0-9A-Za-z]{4}$')
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"customer_job_number" text,
	"customer_po_number" text,
	"number" text NOT NULL,
	"address1" text,
	"address2" text,
	"address3" text,
	"address4" text,
	"address5" text,
	"address6" text,
	"address7" text,
	"gps_lat" double precision,
	"gps_lon" double precision,
	"job_type_id" integer DEFAULT 0 NOT NULL,
	"locked_flag" boolean DEFAULT false NOT NULL,
	"nontaxable_flag" boolean DEFAULT false NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"created_in_order_entry" boolean DEFAULT false NOT NULL,
	"credit_limit" numeric(12, 2),
	"job_limit" numeric(12, 2),
	"lot_or_block_number" text,
	"map_reference_id" text,
	"plant_id" integer,
	"quote_id" integer,
	"quote_number" text,
	"quote_description" text,
	"suburb_id" integer,
	"tax_schedule_id" integer,
	"client_use_tax_flag" boolean DEFAULT false NOT NULL,
	"phone_number" text,
	"phone_extension" text,
	"fax_number" text,
	"public_works_dir_number" text,
	"import_setup_key" text,
	"modified_date_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "jobs_limits_check" CHECK ("jobs"."credit_limit" >= 0 and "jobs"."job_limit" >= 0),
	CONSTRAINT "jobs_gps_pair_check" CHECK (("jobs"."gps_lat" is null) = ("jobs"."gps_lon" is null)),
	CONSTRAINT "jobs_gps_lat_check" CHECK ("jobs"."gps_lat" between -90 and 90),
	CONSTRAINT "jobs_gps_lon_check" CHECK ("jobs"."gps_lon" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "adjustment_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversion_factor_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"hold_orders_flag" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_charge_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "divisions" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "free_short_loads" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"number_of_free_loads" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "free_short_loads_number_of_free_loads_check" CHECK ("free_short_loads"."number_of_free_loads" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gl_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"gl_account_number" text
);
--> statement-breakpoint
CREATE TABLE "job_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "load_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_flags" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"color_hex" text,
	CONSTRAINT "order_flags_color_hex_check" CHECK ("order_flags"."color_hex" ~ '^#[0-9A-Fa-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "order_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" char(1) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "order_statuses_code_unique" UNIQUE("code"),
	CONSTRAINT "order_statuses_id_check" CHECK ("order_statuses"."id" between 0 and 9),
	CONSTRAINT "order_statuses_code_check" CHECK ("order_statuses"."code" ~ '^[A-Z]$')
);
--> statement-breakpoint
CREATE TABLE "order_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"system_type_id" smallint,
	CONSTRAINT "order_types_system_type_id_check" CHECK ("order_types"."system_type_id" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "plant_colors" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"color_hex" text NOT NULL,
	CONSTRAINT "plant_colors_color_hex_check" CHECK ("plant_colors"."color_hex" ~ '^#[0-9A-Fa-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "print_material_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"system_type_id" smallint,
	CONSTRAINT "product_types_system_type_id_check" CHECK ("product_types"."system_type_id" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "reasons" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_load_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"minimum_quantity" numeric(12, 3),
	"charge" numeric(12, 2),
	CONSTRAINT "short_load_types_amounts_check" CHECK ("short_load_types"."minimum_quantity" >= 0 and "short_load_types"."charge" >= 0)
);
--> statement-breakpoint
CREATE TABLE "standby_charge_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suburbs" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"zone_id" integer,
	"postal_code" text
);
--> statement-breakpoint
CREATE TABLE "tax_levels" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"tax_rate" numeric(9, 4) DEFAULT 0 NOT NULL,
	"gl_account_number" text,
	CONSTRAINT "tax_levels_tax_rate_check" CHECK ("tax_levels"."tax_rate" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "tax_schedule_levels" (
	"tax_schedule_id" integer NOT NULL,
	"tax_level_id" integer NOT NULL,
	CONSTRAINT "tax_schedule_levels_tax_schedule_id_tax_level_id_pk" PRIMARY KEY("tax_schedule_id","tax_level_id")
);
--> statement-breakpoint
CREATE TABLE "tax_schedules" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_discounts" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"discount_percent" numeric(9, 4) DEFAULT 0 NOT NULL,
	"discount_days" smallint DEFAULT 0 NOT NULL,
	"net_days" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "terms_discounts_discount_percent_check" CHECK ("terms_discounts"."discount_percent" between 0 and 100),
	CONSTRAINT "terms_discounts_days_check" CHECK ("terms_discounts"."discount_days" >= 0 and "terms_discounts"."net_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "truck_companies" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address1" text,
	"address2" text,
	"address3" text,
	"address4" text,
	"address5" text,
	"address6" text,
	"address7" text,
	"contact_name" text,
	"phone_number" text,
	"fax_number" text,
	"email_address" text,
	"outside_company_flag" boolean DEFAULT false NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "truck_flags" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"color_hex" text,
	CONSTRAINT "truck_flags_color_hex_check" CHECK ("truck_flags"."color_hex" ~ '^#[0-9A-Fa-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "truck_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"location" text
);
--> statement-breakpoint
CREATE TABLE "truck_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"max_load_quantity" numeric(12, 3),
	CONSTRAINT "truck_types_max_load_quantity_check" CHECK ("truck_types"."max_load_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "units_of_measure" (
	"id" integer PRIMARY KEY NOT NULL,
	"imperial_description" text NOT NULL,
	"metric_description" text NOT NULL,
	"imperial_to_metric_conv_factor" numeric(15, 9),
	"conversion_factor_type_id" integer,
	"value" numeric(15, 9),
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "units_of_measure_conv_factor_check" CHECK ("units_of_measure"."imperial_to_metric_conv_factor" > 0)
);
--> statement-breakpoint
CREATE TABLE "usage_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "void_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"delivery_charge" numeric(12, 2),
	CONSTRAINT "zones_delivery_charge_check" CHECK ("zones"."delivery_charge" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cash_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cash_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"cash_notes" text,
	"cash_flag" boolean DEFAULT false NOT NULL,
	"cash_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"check_flag" boolean DEFAULT false NOT NULL,
	"check_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"check_number" text,
	"check_approval_code" text,
	"credit_card_flag" boolean DEFAULT false NOT NULL,
	"credit_card_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"credit_card_approval_code" text,
	"credit_card_billing_address" text,
	"credit_card_brand" text,
	"credit_card_last4" char(4),
	"credit_card_expiration_date" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_transactions_credit_card_last4_check" CHECK ("cash_transactions"."credit_card_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "cash_transactions_credit_card_expiration_date_check" CHECK ("cash_transactions"."credit_card_expiration_date" ~ '^(0[1-9]|1[0-2])/([0-9]{2}|[0-9]{4})$')
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" integer DEFAULT nextval('order_number_seq') NOT NULL,
	"customer_id" integer NOT NULL,
	"customer_name" text NOT NULL,
	"customer_po_number" text NOT NULL,
	"plant_id" integer NOT NULL,
	"job_id" integer,
	"quote_id" integer,
	"order_date" date NOT NULL,
	"ship_date" date NOT NULL,
	"order_status_id" integer DEFAULT 0 NOT NULL,
	"order_type_id" integer NOT NULL,
	"system_type_id" smallint NOT NULL,
	"order_flag_id" integer,
	"ordered_by_name" text,
	"notes" text,
	"dispatch_notes" text,
	"batch_notes" text,
	"credit_notes" text,
	"ticket_notes" text,
	"email_address_csv" text,
	"cartage_rate" numeric(12, 2),
	"miles_to_job" numeric(12, 3),
	"hours_to_job" numeric(12, 3),
	"first_load_time" timestamp (3) with time zone,
	"imperial_flag" boolean NOT NULL,
	"invoiced_flag" boolean DEFAULT false NOT NULL,
	"charge_order_flag" boolean DEFAULT true NOT NULL,
	"order_verified_flag" boolean DEFAULT false NOT NULL,
	"block_return_order_flag" boolean DEFAULT false NOT NULL,
	"pumper_id" integer,
	"reason_id" integer NOT NULL,
	"short_load_type_id" integer,
	"free_short_load_id" integer DEFAULT 1,
	"standby_charge_type_id" integer DEFAULT 1 NOT NULL,
	"agg_delivery_charge_type_id" integer DEFAULT 1,
	"print_material_type_id" integer DEFAULT 1,
	"source_taxing_type" smallint NOT NULL,
	"suburb_id" integer,
	"upload_mix_to_batch_panel" boolean DEFAULT false NOT NULL,
	"zone_reference_number" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_status_id_check" CHECK ("orders"."order_status_id" between 0 and 9),
	CONSTRAINT "orders_system_type_id_check" CHECK ("orders"."system_type_id" in (1, 2, 3)),
	CONSTRAINT "orders_non_block_required_check" CHECK ("orders"."system_type_id" = 3 or ("orders"."free_short_load_id" is not null and "orders"."short_load_type_id" is not null and "orders"."print_material_type_id" is not null)),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."cartage_rate" >= 0 and "orders"."miles_to_job" >= 0 and "orders"."hours_to_job" >= 0),
	CONSTRAINT "orders_number_check" CHECK ("orders"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "schedule_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedule_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"primary_flag" boolean DEFAULT false NOT NULL,
	"sequence" smallint DEFAULT 0 NOT NULL,
	"product_number" text,
	"product_description" text,
	"product_type_id" integer,
	"quantity" numeric(12, 3) DEFAULT 0 NOT NULL,
	"delivered_quantity" numeric(12, 3) DEFAULT 0 NOT NULL,
	"slump" numeric(12, 3),
	"price" numeric(12, 2),
	"taxable_flag" boolean DEFAULT true NOT NULL,
	"unit_of_measure" integer,
	"load_size" numeric(12, 3),
	"load_plan" text,
	"quantity_on_hand" numeric(12, 3),
	"usage_type_id" integer,
	"units_per_cube" numeric(12, 3),
	"ticketed" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_products_quantities_check" CHECK ("schedule_products"."quantity" >= 0 and "schedule_products"."delivered_quantity" >= 0 and "schedule_products"."slump" >= 0 and "schedule_products"."load_size" >= 0 and "schedule_products"."units_per_cube" >= 0)
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"plant_id" integer NOT NULL,
	"system_type_id" smallint NOT NULL,
	"number_of_loads" integer,
	"number_of_trucks" integer NOT NULL,
	"quantity_per_hour" numeric(12, 3) NOT NULL,
	"load_interval_time" integer NOT NULL,
	"travel_time_to_job" integer NOT NULL,
	"travel_time_to_plant" integer NOT NULL,
	"on_job_wait_minutes" integer NOT NULL,
	"on_job_wash_minutes" integer NOT NULL,
	"adjustment_type_id" integer DEFAULT 1 NOT NULL,
	"add_plus_load" boolean DEFAULT false NOT NULL,
	"truck_type_id" integer,
	"first_load_on_job_time" timestamp (3) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_system_type_id_check" CHECK ("schedules"."system_type_id" in (1, 2, 3)),
	CONSTRAINT "schedules_amounts_check" CHECK ("schedules"."number_of_loads" >= 0 and "schedules"."number_of_trucks" >= 0 and "schedules"."quantity_per_hour" >= 0 and "schedules"."load_interval_time" >= 0 and "schedules"."travel_time_to_job" >= 0 and "schedules"."travel_time_to_plant" >= 0 and "schedules"."on_job_wait_minutes" >= 0 and "schedules"."on_job_wash_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "aggregate_pits" (
	"plant_id" integer PRIMARY KEY NOT NULL,
	"zone" text,
	"fuel_sur_chage" numeric(12, 2),
	"next_ticket_number" integer DEFAULT 1 NOT NULL,
	"next_bill_of_lading_number" integer DEFAULT 1 NOT NULL,
	"rail_schedule_edi_stored_procedure_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aggregate_pits_next_ticket_number_check" CHECK ("aggregate_pits"."next_ticket_number" >= 1),
	CONSTRAINT "aggregate_pits_next_bill_of_lading_number_check" CHECK ("aggregate_pits"."next_bill_of_lading_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "concrete_plants" (
	"plant_id" integer PRIMARY KEY NOT NULL,
	"number_of_alleys" smallint DEFAULT 1 NOT NULL,
	"next_ticket_number" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "concrete_plants_number_of_alleys_check" CHECK ("concrete_plants"."number_of_alleys" >= 1),
	CONSTRAINT "concrete_plants_next_ticket_number_check" CHECK ("concrete_plants"."next_ticket_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "plants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"description" text NOT NULL,
	"address1" text,
	"address2" text,
	"address3" text,
	"address4" text,
	"address5" text,
	"address6" text,
	"address7" text,
	"phone_number" text,
	"phone_extension" text,
	"fax_number" text,
	"latitude" double precision,
	"longitude" double precision,
	"radius" double precision,
	"division_id" integer,
	"batchman_id" integer,
	"fleet_size_sunday" smallint DEFAULT 0 NOT NULL,
	"fleet_size_monday" smallint DEFAULT 0 NOT NULL,
	"fleet_size_tuesday" smallint DEFAULT 0 NOT NULL,
	"fleet_size_wednesday" smallint DEFAULT 0 NOT NULL,
	"fleet_size_thursday" smallint DEFAULT 0 NOT NULL,
	"fleet_size_friday" smallint DEFAULT 0 NOT NULL,
	"fleet_size_saturday" smallint DEFAULT 0 NOT NULL,
	"batch_time" integer,
	"call_in_space_time" integer,
	"closeout_time" time,
	"in_yard_wash_time" integer,
	"on_job_wash_time" integer,
	"warmup_time" integer,
	"truck_cost_hour" numeric(12, 2),
	"truck_productivity_factor" numeric(9, 4),
	"fixed_cost_qty" numeric(12, 3),
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"is_rail" boolean DEFAULT false NOT NULL,
	"use_batch_panel_flag" boolean DEFAULT false NOT NULL,
	"print_ticket_method" smallint,
	"ticket_print_queue" text,
	"next_work_order_number" integer DEFAULT 1 NOT NULL,
	"plant_color_id" integer,
	"price_adjustment" numeric(12, 2),
	"sub_account_number" text,
	"system_type_id" smallint NOT NULL,
	"modified_on" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_batch_panel_inventory" timestamp (3) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "plants_system_type_id_check" CHECK ("plants"."system_type_id" in (1, 2, 3)),
	CONSTRAINT "plants_fleet_size_check" CHECK ("plants"."fleet_size_sunday" >= 0 and "plants"."fleet_size_monday" >= 0 and "plants"."fleet_size_tuesday" >= 0 and "plants"."fleet_size_wednesday" >= 0 and "plants"."fleet_size_thursday" >= 0 and "plants"."fleet_size_friday" >= 0 and "plants"."fleet_size_saturday" >= 0),
	CONSTRAINT "plants_minutes_check" CHECK ("plants"."batch_time" >= 0 and "plants"."call_in_space_time" >= 0 and "plants"."in_yard_wash_time" >= 0 and "plants"."on_job_wash_time" >= 0 and "plants"."warmup_time" >= 0),
	CONSTRAINT "plants_radius_check" CHECK ("plants"."radius" >= 0),
	CONSTRAINT "plants_next_work_order_number_check" CHECK ("plants"."next_work_order_number" >= 1),
	CONSTRAINT "plants_latitude_check" CHECK ("plants"."latitude" between -90 and 90),
	CONSTRAINT "plants_longitude_check" CHECK ("plants"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "scales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plant_id" integer NOT NULL,
	"description" text NOT NULL,
	"unit_of_measure_id" integer,
	"capacity" numeric(12, 3),
	"connection_address" text,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scales_capacity_check" CHECK ("scales"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "concrete_mix_raw_materials" (
	"concrete_mix_id" integer NOT NULL,
	"raw_material_id" integer NOT NULL,
	"sequence" smallint DEFAULT 0 NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_of_measure_id" integer,
	CONSTRAINT "concrete_mix_raw_materials_concrete_mix_id_raw_material_id_pk" PRIMARY KEY("concrete_mix_id","raw_material_id"),
	CONSTRAINT "concrete_mix_raw_materials_quantity_check" CHECK ("concrete_mix_raw_materials"."quantity" >= 0),
	CONSTRAINT "concrete_mix_raw_materials_sequence_check" CHECK ("concrete_mix_raw_materials"."sequence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "concrete_mixes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "concrete_mixes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"plant_id" integer NOT NULL,
	"description" text NOT NULL,
	"strength" numeric(12, 3),
	"slump" numeric(12, 3),
	"air" numeric(9, 4),
	"aggregate_size" text,
	"cement_type" text,
	"max_load_size" numeric(12, 3),
	"max_extra_water_gallons" numeric(12, 3),
	"mixer_seconds" integer,
	"sack_equivalent" numeric(12, 3),
	"water_to_cement_ratio" numeric(9, 4),
	"apply_admix_dosage_factor" boolean DEFAULT false NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "concrete_mixes_product_id_plant_id_unique" UNIQUE("product_id","plant_id"),
	CONSTRAINT "concrete_mixes_amounts_check" CHECK ("concrete_mixes"."strength" >= 0 and "concrete_mixes"."slump" >= 0 and "concrete_mixes"."air" >= 0 and "concrete_mixes"."max_load_size" >= 0 and "concrete_mixes"."max_extra_water_gallons" >= 0 and "concrete_mixes"."mixer_seconds" >= 0 and "concrete_mixes"."sack_equivalent" >= 0 and "concrete_mixes"."water_to_cement_ratio" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"description" text NOT NULL,
	"system_type_id" smallint NOT NULL,
	"product_type_id" integer,
	"unit_of_measure_id" integer NOT NULL,
	"price" numeric(12, 2),
	"taxable_flag" boolean DEFAULT true NOT NULL,
	"raw_material_id" integer,
	"gl_category_id" integer,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_system_type_id_number_unique" UNIQUE("system_type_id","number"),
	CONSTRAINT "products_system_type_id_check" CHECK ("products"."system_type_id" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "raw_materials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "raw_materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"description" text NOT NULL,
	"unit_of_measure_id" integer NOT NULL,
	"specific_gravity" numeric(9, 4),
	"cost" numeric(12, 2),
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raw_materials_code_unique" UNIQUE("code"),
	CONSTRAINT "raw_materials_amounts_check" CHECK ("raw_materials"."specific_gravity" >= 0 and "raw_materials"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quote_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sequence" smallint DEFAULT 0 NOT NULL,
	"quantity" numeric(12, 3),
	"price" numeric(12, 2),
	"unit_of_measure_id" integer,
	"taxable_flag" boolean DEFAULT true NOT NULL,
	"delivery_charge" numeric(12, 2),
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_products_amounts_check" CHECK ("quote_products"."quantity" >= 0 and "quote_products"."delivery_charge" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"description" text,
	"customer_id" integer,
	"customer_name" text,
	"plant_id" integer,
	"system_type_id" smallint NOT NULL,
	"salesman_employee_id" integer,
	"contact_name" text,
	"quote_date" date NOT NULL,
	"effective_date" date,
	"expiration_date" date,
	"notes" text,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_number_unique" UNIQUE("number"),
	CONSTRAINT "quotes_system_type_id_check" CHECK ("quotes"."system_type_id" in (1, 2, 3)),
	CONSTRAINT "quotes_dates_check" CHECK ("quotes"."expiration_date" >= "quotes"."quote_date")
);
--> statement-breakpoint
CREATE TABLE "print_destinations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_destinations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" text NOT NULL,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_destinations_type_name_unique" UNIQUE("type","name"),
	CONSTRAINT "print_destinations_name_check" CHECK (length(trim("print_destinations"."name")) > 0 and length(trim("print_destinations"."type")) > 0)
);
--> statement-breakpoint
CREATE TABLE "system_parameters" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"load_number" integer NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"status_id" integer NOT NULL,
	"driver_id" integer,
	"ticket_id" integer,
	"on_job_time" timestamp (3) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loads_ticket_id_unique" UNIQUE("ticket_id"),
	CONSTRAINT "loads_schedule_id_load_number_unique" UNIQUE("schedule_id","load_number"),
	CONSTRAINT "loads_quantity_check" CHECK ("loads"."quantity" >= 0),
	CONSTRAINT "loads_load_number_check" CHECK ("loads"."load_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "ticket_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" numeric(12, 3) DEFAULT 0 NOT NULL,
	"delivered_quantity" numeric(12, 3),
	"unused_quantity" numeric(12, 3),
	"price" numeric(12, 2),
	"slump" numeric(12, 3),
	"taxable_flag" boolean DEFAULT true NOT NULL,
	"unit_of_measure" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_products_quantities_check" CHECK ("ticket_products"."quantity" >= 0 and "ticket_products"."delivered_quantity" >= 0 and "ticket_products"."unused_quantity" >= 0 and "ticket_products"."slump" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" integer NOT NULL,
	"order_id" integer NOT NULL,
	"schedule_id" integer,
	"plant_id" integer NOT NULL,
	"truck_id" integer,
	"truck_number" text,
	"truck_company_id" integer,
	"load_number" integer,
	"status_id" integer NOT NULL,
	"void_status_id" integer,
	"driver_id" integer,
	"batchman_id" integer,
	"gross_weight" numeric(12, 3),
	"tare_weight" numeric(12, 3),
	"net_weight" numeric(12, 3),
	"water_added" numeric(12, 3),
	"max_allowable_water_gallons" numeric(12, 3),
	"cod_amount" numeric(12, 2),
	"ticket_date_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"print_date_time" timestamp (3) with time zone,
	"batch_date_time" timestamp (3) with time zone,
	"loaded_date_time" timestamp (3) with time zone,
	"to_job_date_time" timestamp (3) with time zone,
	"on_job_date_time" timestamp (3) with time zone,
	"start_unload_date_time" timestamp (3) with time zone,
	"finish_unload_date_time" timestamp (3) with time zone,
	"to_plant_date_time" timestamp (3) with time zone,
	"arrive_plant_date_time" timestamp (3) with time zone,
	"suspend_date_time" timestamp (3) with time zone,
	"test_begin_date_time" timestamp (3) with time zone,
	"test_end_date_time" timestamp (3) with time zone,
	"void_date_time" timestamp (3) with time zone,
	"user_name" text,
	"void_user_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_plant_id_number_unique" UNIQUE("plant_id","number"),
	CONSTRAINT "tickets_number_check" CHECK ("tickets"."number" >= 1 and "tickets"."load_number" >= 1),
	CONSTRAINT "tickets_quantities_check" CHECK ("tickets"."gross_weight" >= 0 and "tickets"."tare_weight" >= 0 and "tickets"."net_weight" >= 0 and "tickets"."water_added" >= 0 and "tickets"."max_allowable_water_gallons" >= 0 and "tickets"."cod_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employee_id" integer,
	"name" text NOT NULL,
	"truck_company_id" integer,
	"drivers_license_number" text,
	"drivers_license_expire_date" date,
	"external_driver_flag" boolean DEFAULT false NOT NULL,
	"call_in_priority" smallint,
	"preferred_time" time,
	"scheduled_call_in_time" timestamp (3) with time zone,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drivers_employee_id_unique" UNIQUE("employee_id"),
	CONSTRAINT "drivers_call_in_priority_check" CHECK ("drivers"."call_in_priority" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pumpers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pumpers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"address1" text,
	"address2" text,
	"address3" text,
	"address4" text,
	"address5" text,
	"address6" text,
	"address7" text,
	"contact_name" text,
	"phone_number" text,
	"phone_extension" text,
	"fax_number" text,
	"email_address" text,
	"truck_company_id" integer,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pumpers_name_check" CHECK (length(trim("pumpers"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "trucks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trucks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"identification_number" text NOT NULL,
	"description" text,
	"license_plate" text,
	"vin" text,
	"truck_company_id" integer,
	"truck_type_id" integer,
	"plant_id" integer,
	"driver_id" integer,
	"tare_weight" numeric(12, 3),
	"max_load_quantity" numeric(12, 3),
	"status_id" integer,
	"status_date_time" timestamp (3) with time zone,
	"in_yard_sequence_num" integer,
	"was_moved" boolean DEFAULT false NOT NULL,
	"truck_flag_id" integer,
	"current_ticket_id" integer,
	"inactive_flag" boolean DEFAULT false NOT NULL,
	"outside_truck_flag" boolean DEFAULT false NOT NULL,
	"mobile_simulation_flag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trucks_truck_company_id_identification_number_unique" UNIQUE NULLS NOT DISTINCT("truck_company_id","identification_number"),
	CONSTRAINT "trucks_quantities_check" CHECK ("trucks"."tare_weight" >= 0 and "trucks"."max_load_quantity" >= 0),
	CONSTRAINT "trucks_in_yard_sequence_num_check" CHECK ("trucks"."in_yard_sequence_num" >= 0)
);
--> statement-breakpoint
ALTER TABLE "form_permissions" ADD CONSTRAINT "form_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_aggregate_pricing" ADD CONSTRAINT "customer_aggregate_pricing_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_aggregate_pricing" ADD CONSTRAINT "customer_aggregate_pricing_short_load_type_id_fk" FOREIGN KEY ("short_load_type_id") REFERENCES "public"."short_load_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_aggregate_pricing" ADD CONSTRAINT "customer_aggregate_pricing_free_short_load_id_fk" FOREIGN KEY ("free_short_load_id") REFERENCES "public"."free_short_loads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_aggregate_pricing" ADD CONSTRAINT "customer_aggregate_pricing_standby_charge_type_id_fk" FOREIGN KEY ("standby_charge_type_id") REFERENCES "public"."standby_charge_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_aggregate_pricing" ADD CONSTRAINT "customer_aggregate_pricing_salesman_employee_id_fk" FOREIGN KEY ("salesman_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_aggregate_pricing" ADD CONSTRAINT "customer_aggregate_pricing_sales_plant_id_fk" FOREIGN KEY ("sales_plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_aggregate_pricing" ADD CONSTRAINT "customer_aggregate_pricing_terms_discount_id_fk" FOREIGN KEY ("terms_discount_id") REFERENCES "public"."terms_discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_aggregate_pricing" ADD CONSTRAINT "customer_aggregate_pricing_print_material_type_id_fk" FOREIGN KEY ("print_material_type_id") REFERENCES "public"."print_material_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_block_pricing" ADD CONSTRAINT "customer_block_pricing_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_block_pricing" ADD CONSTRAINT "customer_block_pricing_short_load_type_id_fk" FOREIGN KEY ("short_load_type_id") REFERENCES "public"."short_load_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_block_pricing" ADD CONSTRAINT "customer_block_pricing_free_short_load_id_fk" FOREIGN KEY ("free_short_load_id") REFERENCES "public"."free_short_loads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_block_pricing" ADD CONSTRAINT "customer_block_pricing_standby_charge_type_id_fk" FOREIGN KEY ("standby_charge_type_id") REFERENCES "public"."standby_charge_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_block_pricing" ADD CONSTRAINT "customer_block_pricing_salesman_employee_id_fk" FOREIGN KEY ("salesman_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_block_pricing" ADD CONSTRAINT "customer_block_pricing_sales_plant_id_fk" FOREIGN KEY ("sales_plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_block_pricing" ADD CONSTRAINT "customer_block_pricing_terms_discount_id_fk" FOREIGN KEY ("terms_discount_id") REFERENCES "public"."terms_discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_concrete_pricing" ADD CONSTRAINT "customer_concrete_pricing_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_concrete_pricing" ADD CONSTRAINT "customer_concrete_pricing_short_load_type_id_fk" FOREIGN KEY ("short_load_type_id") REFERENCES "public"."short_load_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_concrete_pricing" ADD CONSTRAINT "customer_concrete_pricing_free_short_load_id_fk" FOREIGN KEY ("free_short_load_id") REFERENCES "public"."free_short_loads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_concrete_pricing" ADD CONSTRAINT "customer_concrete_pricing_standby_charge_type_id_fk" FOREIGN KEY ("standby_charge_type_id") REFERENCES "public"."standby_charge_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_concrete_pricing" ADD CONSTRAINT "customer_concrete_pricing_salesman_employee_id_fk" FOREIGN KEY ("salesman_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_concrete_pricing" ADD CONSTRAINT "customer_concrete_pricing_sales_plant_id_fk" FOREIGN KEY ("sales_plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_concrete_pricing" ADD CONSTRAINT "customer_concrete_pricing_terms_discount_id_fk" FOREIGN KEY ("terms_discount_id") REFERENCES "public"."terms_discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_concrete_pricing" ADD CONSTRAINT "customer_concrete_pricing_print_material_type_id_fk" FOREIGN KEY ("print_material_type_id") REFERENCES "public"."print_material_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_credit_status_id_credit_statuses_id_fk" FOREIGN KEY ("credit_status_id") REFERENCES "public"."credit_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tax_schedule_id_tax_schedules_id_fk" FOREIGN KEY ("tax_schedule_id") REFERENCES "public"."tax_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_home_plant_id_plants_id_fk" FOREIGN KEY ("home_plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_employee_type_id_employee_types_id_fk" FOREIGN KEY ("employee_type_id") REFERENCES "public"."employee_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_profile_id_user_profiles_id_fk" FOREIGN KEY ("user_profile_id") REFERENCES "public"."user_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_job_type_id_job_types_id_fk" FOREIGN KEY ("job_type_id") REFERENCES "public"."job_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_suburb_id_suburbs_id_fk" FOREIGN KEY ("suburb_id") REFERENCES "public"."suburbs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_tax_schedule_id_tax_schedules_id_fk" FOREIGN KEY ("tax_schedule_id") REFERENCES "public"."tax_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suburbs" ADD CONSTRAINT "suburbs_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_schedule_levels" ADD CONSTRAINT "tax_schedule_levels_tax_schedule_id_tax_schedules_id_fk" FOREIGN KEY ("tax_schedule_id") REFERENCES "public"."tax_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_schedule_levels" ADD CONSTRAINT "tax_schedule_levels_tax_level_id_tax_levels_id_fk" FOREIGN KEY ("tax_level_id") REFERENCES "public"."tax_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units_of_measure" ADD CONSTRAINT "units_of_measure_conversion_factor_type_id_fk" FOREIGN KEY ("conversion_factor_type_id") REFERENCES "public"."conversion_factor_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_transactions" ADD CONSTRAINT "cash_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_status_id_order_statuses_id_fk" FOREIGN KEY ("order_status_id") REFERENCES "public"."order_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_type_id_order_types_id_fk" FOREIGN KEY ("order_type_id") REFERENCES "public"."order_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_flag_id_order_flags_id_fk" FOREIGN KEY ("order_flag_id") REFERENCES "public"."order_flags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pumper_id_pumpers_id_fk" FOREIGN KEY ("pumper_id") REFERENCES "public"."pumpers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reason_id_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_short_load_type_id_short_load_types_id_fk" FOREIGN KEY ("short_load_type_id") REFERENCES "public"."short_load_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_free_short_load_id_free_short_loads_id_fk" FOREIGN KEY ("free_short_load_id") REFERENCES "public"."free_short_loads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_standby_charge_type_id_standby_charge_types_id_fk" FOREIGN KEY ("standby_charge_type_id") REFERENCES "public"."standby_charge_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agg_delivery_charge_type_id_delivery_charge_types_id_fk" FOREIGN KEY ("agg_delivery_charge_type_id") REFERENCES "public"."delivery_charge_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_print_material_type_id_print_material_types_id_fk" FOREIGN KEY ("print_material_type_id") REFERENCES "public"."print_material_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_suburb_id_suburbs_id_fk" FOREIGN KEY ("suburb_id") REFERENCES "public"."suburbs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_products" ADD CONSTRAINT "schedule_products_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_products" ADD CONSTRAINT "schedule_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_products" ADD CONSTRAINT "schedule_products_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_products" ADD CONSTRAINT "schedule_products_unit_of_measure_units_of_measure_id_fk" FOREIGN KEY ("unit_of_measure") REFERENCES "public"."units_of_measure"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_products" ADD CONSTRAINT "schedule_products_usage_type_id_usage_types_id_fk" FOREIGN KEY ("usage_type_id") REFERENCES "public"."usage_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_adjustment_type_id_adjustment_types_id_fk" FOREIGN KEY ("adjustment_type_id") REFERENCES "public"."adjustment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_truck_type_id_truck_types_id_fk" FOREIGN KEY ("truck_type_id") REFERENCES "public"."truck_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregate_pits" ADD CONSTRAINT "aggregate_pits_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_plants" ADD CONSTRAINT "concrete_plants_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_batchman_id_employees_id_fk" FOREIGN KEY ("batchman_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_plant_color_id_plant_colors_id_fk" FOREIGN KEY ("plant_color_id") REFERENCES "public"."plant_colors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scales" ADD CONSTRAINT "scales_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scales" ADD CONSTRAINT "scales_unit_of_measure_id_units_of_measure_id_fk" FOREIGN KEY ("unit_of_measure_id") REFERENCES "public"."units_of_measure"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_mix_raw_materials" ADD CONSTRAINT "concrete_mix_raw_materials_concrete_mix_id_concrete_mixes_id_fk" FOREIGN KEY ("concrete_mix_id") REFERENCES "public"."concrete_mixes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_mix_raw_materials" ADD CONSTRAINT "concrete_mix_raw_materials_raw_material_id_raw_materials_id_fk" FOREIGN KEY ("raw_material_id") REFERENCES "public"."raw_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_mix_raw_materials" ADD CONSTRAINT "concrete_mix_raw_materials_unit_of_measure_id_fk" FOREIGN KEY ("unit_of_measure_id") REFERENCES "public"."units_of_measure"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_mixes" ADD CONSTRAINT "concrete_mixes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concrete_mixes" ADD CONSTRAINT "concrete_mixes_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_of_measure_id_units_of_measure_id_fk" FOREIGN KEY ("unit_of_measure_id") REFERENCES "public"."units_of_measure"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_raw_material_id_raw_materials_id_fk" FOREIGN KEY ("raw_material_id") REFERENCES "public"."raw_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gl_category_id_gl_categories_id_fk" FOREIGN KEY ("gl_category_id") REFERENCES "public"."gl_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_materials" ADD CONSTRAINT "raw_materials_unit_of_measure_id_units_of_measure_id_fk" FOREIGN KEY ("unit_of_measure_id") REFERENCES "public"."units_of_measure"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_products" ADD CONSTRAINT "quote_products_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_products" ADD CONSTRAINT "quote_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_products" ADD CONSTRAINT "quote_products_unit_of_measure_id_units_of_measure_id_fk" FOREIGN KEY ("unit_of_measure_id") REFERENCES "public"."units_of_measure"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_salesman_employee_id_employees_id_fk" FOREIGN KEY ("salesman_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_status_id_load_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."load_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_products" ADD CONSTRAINT "ticket_products_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_products" ADD CONSTRAINT "ticket_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_products" ADD CONSTRAINT "ticket_products_unit_of_measure_units_of_measure_id_fk" FOREIGN KEY ("unit_of_measure") REFERENCES "public"."units_of_measure"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_truck_company_id_truck_companies_id_fk" FOREIGN KEY ("truck_company_id") REFERENCES "public"."truck_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_id_ticket_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."ticket_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_void_status_id_void_statuses_id_fk" FOREIGN KEY ("void_status_id") REFERENCES "public"."void_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_batchman_id_employees_id_fk" FOREIGN KEY ("batchman_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_truck_company_id_truck_companies_id_fk" FOREIGN KEY ("truck_company_id") REFERENCES "public"."truck_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pumpers" ADD CONSTRAINT "pumpers_truck_company_id_truck_companies_id_fk" FOREIGN KEY ("truck_company_id") REFERENCES "public"."truck_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_truck_company_id_truck_companies_id_fk" FOREIGN KEY ("truck_company_id") REFERENCES "public"."truck_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_truck_type_id_truck_types_id_fk" FOREIGN KEY ("truck_type_id") REFERENCES "public"."truck_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_status_id_truck_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."truck_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_truck_flag_id_truck_flags_id_fk" FOREIGN KEY ("truck_flag_id") REFERENCES "public"."truck_flags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_current_ticket_id_tickets_id_fk" FOREIGN KEY ("current_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_username_lower_attempted_at_idx" ON "login_attempts" USING btree ("username_lower","attempted_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_address_attempted_at_idx" ON "login_attempts" USING btree ("ip_address","attempted_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_seat_token_hash_idx" ON "sessions" USING btree ("seat_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_groups_group_id_idx" ON "user_groups" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "customer_aggregate_pricing_customer_id_start_date_idx" ON "customer_aggregate_pricing" USING btree ("customer_id","start_date");--> statement-breakpoint
CREATE INDEX "customer_block_pricing_customer_id_start_date_idx" ON "customer_block_pricing" USING btree ("customer_id","start_date");--> statement-breakpoint
CREATE INDEX "customer_concrete_pricing_customer_id_start_date_idx" ON "customer_concrete_pricing" USING btree ("customer_id","start_date");--> statement-breakpoint
CREATE INDEX "customers_name_lower_idx" ON "customers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "employees_home_plant_id_idx" ON "employees" USING btree ("home_plant_id");--> statement-breakpoint
CREATE INDEX "employees_complete_name_lower_idx" ON "employees" USING btree (lower("complete_name"));--> statement-breakpoint
CREATE INDEX "employees_user_profile_id_idx" ON "employees" USING btree ("user_profile_id");--> statement-breakpoint
CREATE INDEX "jobs_customer_id_idx" ON "jobs" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "jobs_quote_id_idx" ON "jobs" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "suburbs_zone_id_idx" ON "suburbs" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "tax_schedule_levels_tax_level_id_idx" ON "tax_schedule_levels" USING btree ("tax_level_id");--> statement-breakpoint
CREATE INDEX "cash_transactions_order_id_idx" ON "cash_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_ship_date_plant_id_idx" ON "orders" USING btree ("ship_date","plant_id");--> statement-breakpoint
CREATE INDEX "orders_ship_date_system_type_id_idx" ON "orders" USING btree ("ship_date","system_type_id");--> statement-breakpoint
CREATE INDEX "orders_customer_id_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_job_id_idx" ON "orders" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "schedule_products_schedule_id_idx" ON "schedule_products" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "schedule_products_product_id_idx" ON "schedule_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_products_primary_unique" ON "schedule_products" USING btree ("schedule_id") WHERE "schedule_products"."primary_flag";--> statement-breakpoint
CREATE INDEX "schedules_order_id_idx" ON "schedules" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "schedules_plant_id_first_load_on_job_time_idx" ON "schedules" USING btree ("plant_id","first_load_on_job_time");--> statement-breakpoint
CREATE INDEX "plants_system_type_id_idx" ON "plants" USING btree ("system_type_id");--> statement-breakpoint
CREATE INDEX "scales_plant_id_idx" ON "scales" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "concrete_mix_raw_materials_raw_material_id_idx" ON "concrete_mix_raw_materials" USING btree ("raw_material_id");--> statement-breakpoint
CREATE INDEX "concrete_mixes_plant_id_idx" ON "concrete_mixes" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "products_raw_material_id_idx" ON "products" USING btree ("raw_material_id");--> statement-breakpoint
CREATE INDEX "quote_products_quote_id_idx" ON "quote_products" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quotes_customer_id_idx" ON "quotes" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "loads_order_id_idx" ON "loads" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ticket_products_ticket_id_idx" ON "ticket_products" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_products_product_id_idx" ON "ticket_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "tickets_ticket_date_time_idx" ON "tickets" USING btree ("ticket_date_time");--> statement-breakpoint
CREATE INDEX "tickets_order_id_idx" ON "tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tickets_schedule_id_idx" ON "tickets" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "tickets_truck_id_ticket_date_time_idx" ON "tickets" USING btree ("truck_id","ticket_date_time");--> statement-breakpoint
CREATE INDEX "trucks_plant_id_idx" ON "trucks" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "trucks_current_ticket_id_idx" ON "trucks" USING btree ("current_ticket_id");