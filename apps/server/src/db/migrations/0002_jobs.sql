CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"singleton_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "outbox_due_idx";--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "job_id" uuid;--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."finished_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_idx" ON "jobs" USING btree ("kind","singleton_key") WHERE "jobs"."singleton_key" is not null;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- E-mails still waiting in the old outbox get a delivery job each, before the columns that scheduled them go.
WITH "pending" AS (
	SELECT "id", "attempts", "next_attempt_at" FROM "outbox_emails" WHERE "status" = 'pending'
), "queued" AS (
	INSERT INTO "jobs" ("kind", "payload", "run_at", "attempts", "max_attempts")
	SELECT 'mail.send', jsonb_build_object('outboxId', "id"), "next_attempt_at", LEAST("attempts", 7), 8 FROM "pending"
	RETURNING "id", "payload"
)
UPDATE "outbox_emails" SET "job_id" = "queued"."id" FROM "queued" WHERE "outbox_emails"."id" = ("queued"."payload"->>'outboxId')::uuid;--> statement-breakpoint
ALTER TABLE "outbox_emails" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "outbox_emails" DROP COLUMN "next_attempt_at";