ALTER TABLE "order_requests" ALTER COLUMN "requested_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_requests" ALTER COLUMN "job_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_requests" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_requests" ALTER COLUMN "quantity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_requests" ADD COLUMN "kind" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_requests" ADD COLUMN "callback_phone" text;--> statement-breakpoint
ALTER TABLE "order_requests" ADD COLUMN "reply" text;--> statement-breakpoint
CREATE INDEX "order_requests_order_id_idx" ON "order_requests" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_kind_check" CHECK ("order_requests"."kind" in ('order', 'holdNextLoad', 'addLoad', 'callMe', 'change'));--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_kind_fields_check" CHECK (case when "order_requests"."kind" = 'order' then "order_requests"."requested_by" is not null and "order_requests"."job_id" is not null and "order_requests"."product_id" is not null and "order_requests"."quantity" is not null else "order_requests"."order_id" is not null end);