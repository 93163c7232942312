ALTER TABLE "patients" ADD COLUMN "reminders_by_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "reminders_by_sms" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "open_time_kind" text DEFAULT 'chat' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD COLUMN "urgency" text;--> statement-breakpoint
ALTER TABLE "message_categories" ADD COLUMN "answer_promise" jsonb;