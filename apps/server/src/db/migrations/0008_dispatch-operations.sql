-- Issue 13: dispatch operations (batching, ticket entry, ticket edits, shared record locks).
-- Each part appends its statements below, separated by statement-breakpoint lines.
SELECT 1;
