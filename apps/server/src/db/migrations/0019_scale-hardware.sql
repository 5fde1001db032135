CREATE TABLE "scale_weighings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scale_weighings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"plant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"weight" numeric(12, 3) NOT NULL,
	"unit" text NOT NULL,
	"frame" text,
	"taken_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"taken_by" text NOT NULL,
	"truck_id" integer,
	"ticket_id" integer,
	CONSTRAINT "scale_weighings_kind_check" CHECK ("scale_weighings"."kind" in ('gross', 'tare')),
	CONSTRAINT "scale_weighings_unit_check" CHECK ("scale_weighings"."unit" in ('lb', 'kg')),
	CONSTRAINT "scale_weighings_weight_check" CHECK ("scale_weighings"."weight" >= 0)
);
--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "scale_protocol" text DEFAULT 'simulated' NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "scale_address" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "scale_capacity" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "scale_division" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "scale_unit" text DEFAULT 'lb' NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "batch_panel_protocol" text DEFAULT 'simulated' NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "batch_panel_outbox" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "batch_panel_inbox" text;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "tare_weighed_at" timestamp (3) with time zone;--> statement-breakpoint
-- A scale's capacity moves onto its plant; the re-weigh interval of a stored tare counts from this upgrade.
UPDATE "plants" SET "scale_capacity" = (SELECT max("capacity") FROM "scales" WHERE "scales"."plant_id" = "plants"."id" AND NOT "scales"."inactive_flag");--> statement-breakpoint
UPDATE "trucks" SET "tare_weighed_at" = now() WHERE "tare_weight" IS NOT NULL;--> statement-breakpoint
DROP TABLE "scales" CASCADE;--> statement-breakpoint
ALTER TABLE "scale_weighings" ADD CONSTRAINT "scale_weighings_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scale_weighings" ADD CONSTRAINT "scale_weighings_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scale_weighings" ADD CONSTRAINT "scale_weighings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scale_weighings_plant_id_taken_at_idx" ON "scale_weighings" USING btree ("plant_id","taken_at");--> statement-breakpoint
CREATE INDEX "scale_weighings_ticket_id_idx" ON "scale_weighings" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "scale_weighings_open_tares_idx" ON "scale_weighings" USING btree ("plant_id","truck_id") WHERE "scale_weighings"."kind" = 'tare' and "scale_weighings"."ticket_id" is null and "scale_weighings"."truck_id" is not null;--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_scale_check" CHECK ("plants"."scale_capacity" >= 0 and "plants"."scale_division" >= 0);--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_scale_protocol_check" CHECK ("plants"."scale_protocol" in ('simulated', 'toledo-continuous', 'sma'));--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_scale_unit_check" CHECK ("plants"."scale_unit" in ('lb', 'kg'));--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_batch_panel_protocol_check" CHECK ("plants"."batch_panel_protocol" in ('simulated', 'file-exchange'));--> statement-breakpoint
-- R-SCALE-5: a stored tare is dated when it is set or changed, by whoever writes it (truck
-- maintenance, an empty weigh-in, an import), unless the write dates it itself.
CREATE FUNCTION trucks_tare_dated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.tare_weight IS NOT NULL AND NEW.tare_weighed_at IS NULL THEN
      NEW.tare_weighed_at := now();
    END IF;
  ELSIF NEW.tare_weight IS DISTINCT FROM OLD.tare_weight
    AND NEW.tare_weighed_at IS NOT DISTINCT FROM OLD.tare_weighed_at THEN
    NEW.tare_weighed_at := CASE WHEN NEW.tare_weight IS NULL THEN NULL ELSE now() END;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER trucks_tare_dated BEFORE INSERT OR UPDATE OF tare_weight ON trucks
  FOR EACH ROW EXECUTE FUNCTION trucks_tare_dated();
