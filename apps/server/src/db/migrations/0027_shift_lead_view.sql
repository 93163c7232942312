CREATE TABLE "staff_presence" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_active_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quick_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"expert_id" uuid,
	"shortcut" text NOT NULL,
	"title" text NOT NULL,
	"texts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quick_replies_shortcut_key" UNIQUE NULLS NOT DISTINCT("organisation_id","expert_id","shortcut")
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "presence_idle_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "max_concurrent_chats" integer;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "shift_lead" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_queues" ADD COLUMN "when_nobody_on_duty" text DEFAULT 'wait' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_presence" ADD CONSTRAINT "staff_presence_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;