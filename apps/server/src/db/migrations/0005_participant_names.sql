ALTER TABLE "appointment_participants" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "appointment_participants" ADD COLUMN "last_name" text;