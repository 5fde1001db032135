CREATE TABLE "background_job_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "background_job_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "background_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "background_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"queue_job_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"params" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_by_user_id" integer,
	"requested_by" text NOT NULL,
	"schedule_id" integer,
	"result" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "background_jobs_state_check" CHECK ("background_jobs"."state" in ('queued', 'running', 'retrying', 'completed', 'failed', 'cancelled')),
	CONSTRAINT "background_jobs_progress_check" CHECK ("background_jobs"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "background_job_files" ADD CONSTRAINT "background_job_files_job_id_background_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."background_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_job_files_job_id_idx" ON "background_job_files" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "background_jobs_requested_by_idx" ON "background_jobs" USING btree ("requested_by_user_id","id");--> statement-breakpoint
CREATE INDEX "background_jobs_state_idx" ON "background_jobs" USING btree ("state");--> statement-breakpoint
CREATE INDEX "background_jobs_queue_job_id_idx" ON "background_jobs" USING btree ("queue_job_id");
