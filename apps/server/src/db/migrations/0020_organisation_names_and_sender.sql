ALTER TABLE "email_templates" ALTER COLUMN "sender_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_templates" ALTER COLUMN "sender_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "name_se" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "sender_name" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "sender_address" text;