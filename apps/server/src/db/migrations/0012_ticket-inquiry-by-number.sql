-- Enter on a typed ticket number (R-INQ-12): a number is written once per plant, so it matches up
-- to 40 tickets. Keyed in the page's order and covering what the page reads, the index answers
-- them from a few of its own pages (an index-only scan) instead of one heap page per ticket.
DROP INDEX "ticket_inquiry_number_idx";--> statement-breakpoint
CREATE INDEX "ticket_inquiry_number_idx" ON "ticket_inquiry" USING btree ("number","ticket_date_time" DESC NULLS FIRST,"ticket_id" DESC NULLS FIRST) INCLUDE ("row_json","extended_price","system_type_id","voided");
