CREATE TABLE "video_rooms" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"server_url" text NOT NULL,
	"room_id" bigint NOT NULL,
	"pin_cipher" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_participants" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "appointment_participants" ADD COLUMN "pin_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_participants" ADD COLUMN "pin_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_rooms" ADD CONSTRAINT "video_rooms_channel_id_chat_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."chat_channels"("id") ON DELETE cascade ON UPDATE no action;