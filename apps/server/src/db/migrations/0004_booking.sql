-- Exclusion constraints with "=" on uuid need the btree_gist operator classes (PGlite loads the contrib build).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "appointment_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"role" text NOT NULL,
	"patient_id" uuid,
	"expert_id" uuid,
	"name" text NOT NULL,
	"email" text,
	"mobile" text,
	"language" text NOT NULL,
	"nationality" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_holds" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"info_text" jsonb NOT NULL,
	"reminder_email" boolean DEFAULT true NOT NULL,
	"reminder_sms" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_breaks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"expert_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_breaks_positive_length" CHECK ("expert_breaks"."ends_at" > "expert_breaks"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "outbox_sms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_number" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "caught_sms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_number" text NOT NULL,
	"sender" text NOT NULL,
	"text" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_patient_id_patients_id_fk";
--> statement-breakpoint
DROP INDEX "appointments_patient_idx";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "host_expert_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
UPDATE "appointments" SET "ends_at" = "starts_at" + make_interval(mins => "duration_minutes");--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "caught_emails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "appointment_participants" ADD CONSTRAINT "appointment_participants_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_participants" ADD CONSTRAINT "appointment_participants_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_participants" ADD CONSTRAINT "appointment_participants_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_breaks" ADD CONSTRAINT "expert_breaks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_breaks" ADD CONSTRAINT "expert_breaks_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_sms" ADD CONSTRAINT "outbox_sms_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_participants_appointment_idx" ON "appointment_participants" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_participants_patient_idx" ON "appointment_participants" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_participants_one_patient_idx" ON "appointment_participants" USING btree ("appointment_id","patient_id") WHERE "appointment_participants"."patient_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_participants_one_expert_idx" ON "appointment_participants" USING btree ("appointment_id","expert_id") WHERE "appointment_participants"."expert_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_holds_patient_idx" ON "booking_holds" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "booking_holds_expiry_idx" ON "booking_holds" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "expert_breaks_expert_idx" ON "expert_breaks" USING btree ("expert_id","starts_at");--> statement-breakpoint
CREATE INDEX "caught_sms_received_idx" ON "caught_sms" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_host_expert_id_experts_id_fk" FOREIGN KEY ("host_expert_id") REFERENCES "public"."experts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_expert_idx" ON "appointments" USING btree ("expert_id","starts_at");--> statement-breakpoint
INSERT INTO "appointment_participants" ("appointment_id", "role", "patient_id", "name", "language")
  SELECT a."id", 'patient', a."patient_id", p."given_name" || ' ' || p."family_name", 'fi'
  FROM "appointments" a JOIN "patients" p ON p."id" = a."patient_id";--> statement-breakpoint
ALTER TABLE "appointments" DROP COLUMN "patient_id";--> statement-breakpoint
ALTER TABLE "appointments" DROP COLUMN "duration_minutes";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_positive_length" CHECK ("appointments"."ends_at" > "appointments"."starts_at");--> statement-breakpoint
-- No two live appointments (open, selfBooked, booked) of one expert overlap, and no two breaks do.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist ("expert_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" <> 'cancelled');--> statement-breakpoint
ALTER TABLE "expert_breaks" ADD CONSTRAINT "expert_breaks_no_overlap" EXCLUDE USING gist ("expert_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&);
