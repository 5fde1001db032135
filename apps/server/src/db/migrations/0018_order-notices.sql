CREATE TABLE "order_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text,
	"text_body" text,
	"html_body" text,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"action_token_hash" text,
	"action" text,
	"acted_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	CONSTRAINT "order_notices_order_id_kind_day_unique" UNIQUE("order_id","kind","day"),
	CONSTRAINT "order_notices_kind_check" CHECK ("order_notices"."kind" in ('dayBefore', 'firstLoad', 'daysEnd')),
	CONSTRAINT "order_notices_status_check" CHECK ("order_notices"."status" in ('pending', 'sent', 'kept', 'failed')),
	CONSTRAINT "order_notices_action_check" CHECK ("order_notices"."action" is null or "order_notices"."action" in ('confirmed', 'changeRequested'))
);
--> statement-breakpoint
ALTER TABLE "order_tracking_links" DROP CONSTRAINT "order_tracking_links_pkey";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notice_day_before" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notice_first_load" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notice_days_end" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notice_priced_tickets" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tracking_links" ADD COLUMN "id" integer PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "order_tracking_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "order_tracking_links" ADD COLUMN "holder" text DEFAULT 'dispatch' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
ALTER TABLE "order_notices" ADD CONSTRAINT "order_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_notices_action_token_hash_unique" ON "order_notices" USING btree ("action_token_hash");--> statement-breakpoint
CREATE INDEX "order_notices_pending_idx" ON "order_notices" USING btree ("id") WHERE "order_notices"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "order_tracking_links_order_id_holder_unique" ON "order_tracking_links" USING btree ("order_id","holder");