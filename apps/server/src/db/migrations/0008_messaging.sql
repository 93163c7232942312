CREATE TABLE "conversation_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author_patient_id" uuid,
	"author_expert_id" uuid,
	"type" text NOT NULL,
	"body" text,
	"file_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_reads" (
	"conversation_id" uuid NOT NULL,
	"reader" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversation_reads_conversation_id_reader_pk" PRIMARY KEY("conversation_id","reader")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"created_by_patient_id" uuid,
	"kind" text NOT NULL,
	"category_id" uuid,
	"subcategory_id" uuid,
	"subject" text,
	"expert_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"notify_email" text,
	"notify_mobile" text,
	"sms_notification" boolean DEFAULT false NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"open_access" boolean NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_subcategories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"open_access" boolean NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_subcategory_experts" (
	"subcategory_id" uuid NOT NULL,
	"expert_id" uuid NOT NULL,
	CONSTRAINT "message_subcategory_experts_subcategory_id_expert_id_pk" PRIMARY KEY("subcategory_id","expert_id")
);
--> statement-breakpoint
CREATE TABLE "messaging_experts" (
	"expert_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_code_groups" ALTER COLUMN "service_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_code_groups" ALTER COLUMN "subcategory_id" SET DATA TYPE uuid USING "subcategory_id"::uuid;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_author_patient_id_patients_id_fk" FOREIGN KEY ("author_patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_author_expert_id_experts_id_fk" FOREIGN KEY ("author_expert_id") REFERENCES "public"."experts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_created_by_patient_id_patients_id_fk" FOREIGN KEY ("created_by_patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_category_id_message_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."message_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_subcategory_id_message_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."message_subcategories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_categories" ADD CONSTRAINT "message_categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_subcategories" ADD CONSTRAINT "message_subcategories_category_id_message_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."message_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_subcategories" ADD CONSTRAINT "message_subcategories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_subcategory_experts" ADD CONSTRAINT "message_subcategory_experts_subcategory_id_message_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."message_subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_subcategory_experts" ADD CONSTRAINT "message_subcategory_experts_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_experts" ADD CONSTRAINT "messaging_experts_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_conversation_idx" ON "conversation_messages" USING btree ("conversation_id","created_at","position");--> statement-breakpoint
CREATE INDEX "conversation_messages_files_idx" ON "conversation_messages" USING btree ("conversation_id") WHERE "conversation_messages"."type" = 'file';--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_reads_reader_idx" ON "conversation_reads" USING btree ("reader","conversation_id");--> statement-breakpoint
CREATE INDEX "conversations_patient_idx" ON "conversations" USING btree ("patient_id","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_org_idx" ON "conversations" USING btree ("organisation_id","status","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_subcategory_idx" ON "conversations" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "message_categories_org_idx" ON "message_categories" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "message_subcategories_category_idx" ON "message_subcategories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "message_subcategory_experts_expert_idx" ON "message_subcategory_experts" USING btree ("expert_id");--> statement-breakpoint
ALTER TABLE "chat_code_groups" ADD CONSTRAINT "chat_code_groups_subcategory_id_message_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."message_subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_code_groups" ADD CONSTRAINT "chat_code_groups_target_ck" CHECK (("chat_code_groups"."service_id" is null) <> ("chat_code_groups"."subcategory_id" is null));