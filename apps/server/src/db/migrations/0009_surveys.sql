CREATE TABLE "appointment_surveys" (
	"appointment_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"timing" text NOT NULL,
	CONSTRAINT "appointment_surveys_appointment_id_template_id_timing_pk" PRIMARY KEY("appointment_id","template_id","timing")
);
--> statement-breakpoint
CREATE TABLE "service_surveys" (
	"service_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"timing" text NOT NULL,
	CONSTRAINT "service_surveys_service_id_template_id_timing_pk" PRIMARY KEY("service_id","template_id","timing")
);
--> statement-breakpoint
CREATE TABLE "survey_template_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" jsonb NOT NULL,
	"intro" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid,
	"shared" boolean DEFAULT false NOT NULL,
	"kind" text DEFAULT 'survey' NOT NULL,
	"name" jsonb NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"response_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"patient_id" uuid,
	"expert_id" uuid,
	"language" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "template_version_id" uuid;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "trigger" text;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "expert_id" uuid;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "forwarded_to_expert_id" uuid;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "forwarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "last_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_surveys" ADD CONSTRAINT "appointment_surveys_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_surveys" ADD CONSTRAINT "appointment_surveys_template_id_survey_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."survey_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_surveys" ADD CONSTRAINT "service_surveys_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_surveys" ADD CONSTRAINT "service_surveys_template_id_survey_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."survey_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_template_versions" ADD CONSTRAINT "survey_template_versions_template_id_survey_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."survey_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_templates" ADD CONSTRAINT "survey_templates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_templates" ADD CONSTRAINT "survey_templates_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_tokens" ADD CONSTRAINT "survey_tokens_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_tokens" ADD CONSTRAINT "survey_tokens_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_tokens" ADD CONSTRAINT "survey_tokens_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_template_versions_version_idx" ON "survey_template_versions" USING btree ("template_id","version");--> statement-breakpoint
CREATE INDEX "survey_templates_org_idx" ON "survey_templates" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_tokens_hash_idx" ON "survey_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "survey_tokens_response_idx" ON "survey_tokens" USING btree ("response_id");--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_template_version_id_survey_template_versions_id_fk" FOREIGN KEY ("template_version_id") REFERENCES "public"."survey_template_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_forwarded_to_expert_id_experts_id_fk" FOREIGN KEY ("forwarded_to_expert_id") REFERENCES "public"."experts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_responses_org_idx" ON "survey_responses" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "survey_responses_appointment_idx" ON "survey_responses" USING btree ("appointment_id");