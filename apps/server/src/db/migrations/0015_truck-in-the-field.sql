CREATE TABLE "ticket_deliveries" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"delivered_quantity" numeric(12, 3) NOT NULL,
	"water_added" numeric(12, 3) NOT NULL,
	"water_unit" text NOT NULL,
	"water_over_maximum_signed" boolean DEFAULT false NOT NULL,
	"comments" text,
	"receiver_name" text NOT NULL,
	"signature_png" text NOT NULL,
	"photo_jpeg" text,
	"signed_at" timestamp (3) with time zone NOT NULL,
	"recorded_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"recorded_by" text,
	CONSTRAINT "ticket_deliveries_water_unit_check" CHECK ("ticket_deliveries"."water_unit" in ('gal', 'L')),
	CONSTRAINT "ticket_deliveries_quantities_check" CHECK ("ticket_deliveries"."delivered_quantity" >= 0 and "ticket_deliveries"."water_added" >= 0)
);
--> statement-breakpoint
CREATE TABLE "truck_gps_states" (
	"truck_id" integer PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"speed_kph" real,
	"heading_deg" real,
	"accuracy_m" real,
	"dwell_state" jsonb NOT NULL,
	CONSTRAINT "truck_gps_states_coordinates_check" CHECK ("truck_gps_states"."latitude" between -90 and 90 and "truck_gps_states"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "truck_positions" (
	"truck_id" integer NOT NULL,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"speed_kph" real,
	"heading_deg" real,
	"accuracy_m" real,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "truck_positions_truck_id_recorded_at_pk" PRIMARY KEY("truck_id","recorded_at"),
	CONSTRAINT "truck_positions_coordinates_check" CHECK ("truck_positions"."latitude" between -90 and 90 and "truck_positions"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "status_from_gps" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_deliveries" ADD CONSTRAINT "ticket_deliveries_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_gps_states" ADD CONSTRAINT "truck_gps_states_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_positions" ADD CONSTRAINT "truck_positions_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "truck_positions_recorded_at_idx" ON "truck_positions" USING btree ("recorded_at");