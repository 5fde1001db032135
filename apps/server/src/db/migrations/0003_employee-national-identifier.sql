ALTER TABLE "drivers" ALTER COLUMN "name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "national_identifier_encrypted" text;--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "national_identifier_hash";