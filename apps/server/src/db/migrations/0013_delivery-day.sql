ALTER TABLE "customers" ADD COLUMN "auto_invoice_flag" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "print_failure" text;