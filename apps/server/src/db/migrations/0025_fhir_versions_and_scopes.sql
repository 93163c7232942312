ALTER TABLE "patients" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Clients made before scopes existed keep the six types they could read; new ones get what the admin chose.
ALTER TABLE "api_clients" ADD COLUMN "scopes" text[] DEFAULT '{system/Appointment.read,system/Slot.read,system/Schedule.read,system/Practitioner.read,system/Patient.read,system/QuestionnaireResponse.read}' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_clients" ALTER COLUMN "scopes" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "appointments_org_updated_idx" ON "appointments" USING btree ("organisation_id","updated_at");--> statement-breakpoint
-- Existing rows: their last change as far as the row tells, rather than the migration's time.
UPDATE "appointments" SET "updated_at" = greatest("created_at", "booked_at", "cancelled_at", "held_at", "no_show_at");--> statement-breakpoint
UPDATE "chat_channels" SET "updated_at" = greatest("created_at", "accepted_at", "ended_at");--> statement-breakpoint
UPDATE "survey_responses" SET "updated_at" = greatest("created_at", "responded_at", "closed_at", "forwarded_at");--> statement-breakpoint
UPDATE "patients" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "experts" SET "updated_at" = "created_at";--> statement-breakpoint
-- FHIR meta.lastUpdated and meta.versionId (docs/fhir.md): a changed row gets the transaction's time and its next
-- version, once per transaction (a second change in the same transaction keeps both), whatever code path changed it.
CREATE OR REPLACE FUNCTION "fhir_touch_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."updated_at" IS DISTINCT FROM now() THEN
    NEW."updated_at" := now();
    NEW."version" := OLD."version" + 1;
  ELSE
    NEW."version" := OLD."version";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointments_fhir_version" BEFORE UPDATE ON "appointments"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "fhir_touch_version"();--> statement-breakpoint
-- Only what an Encounter or a chat's Communication shows: not last_seq, which every chat message raises.
CREATE TRIGGER "chat_channels_fhir_version" BEFORE UPDATE OF "status", "expert_id", "patient_id", "appointment_id", "queue_id", "service_id", "accepted_at", "ended_at", "urgency" ON "chat_channels"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "fhir_touch_version"();--> statement-breakpoint
-- Not reminders sent (last_reminder_at): the answers and their state.
CREATE TRIGGER "survey_responses_fhir_version" BEFORE UPDATE OF "answers", "language", "responded_at", "closed_at", "expert_id", "forwarded_to_expert_id", "appointment_id", "template_version_id" ON "survey_responses"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "fhir_touch_version"();--> statement-breakpoint
-- Not sign-ins (last_login_at) or choices of the patient's own pages: what a Patient resource shows.
CREATE TRIGGER "patients_fhir_version" BEFORE UPDATE OF "given_name", "family_name", "lang", "ssn_encrypted" ON "patients"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "fhir_touch_version"();--> statement-breakpoint
CREATE TRIGGER "experts_fhir_version" BEFORE UPDATE ON "experts"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "fhir_touch_version"();--> statement-breakpoint
-- A Practitioner's name and state live on the staff user; an Appointment's people in its participants' rows.
CREATE OR REPLACE FUNCTION "fhir_touch_experts_of_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "experts" SET "updated_at" = now() WHERE "user_id" = NEW."id" AND "updated_at" IS DISTINCT FROM now();
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "staff_users_fhir_version" AFTER UPDATE OF "first_name", "last_name", "active", "language" ON "staff_users"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "fhir_touch_experts_of_user"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "fhir_touch_appointment_of_participant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "appointments" SET "updated_at" = now()
   WHERE "id" = (CASE WHEN TG_OP = 'DELETE' THEN OLD."appointment_id" ELSE NEW."appointment_id" END)
     AND "updated_at" IS DISTINCT FROM now();
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointment_participants_fhir_version" AFTER INSERT OR UPDATE OR DELETE ON "appointment_participants"
  FOR EACH ROW EXECUTE FUNCTION "fhir_touch_appointment_of_participant"();
