-- pg_trgm: trigram indexes serve ILIKE %term% searches; PGlite loads it too (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_number_trgm_idx" ON "customers" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_number_trgm_idx" ON "customers" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_sort_name_trgm_idx" ON "customers" USING gin ("sort_name" gin_trgm_ops);