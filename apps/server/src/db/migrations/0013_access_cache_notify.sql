-- Session and patient cache invalidation (docs/operations.md 'Read-model cache'): the session row, the patient's access
-- state (selected organisation, terms accepted) and the patient's upcoming appointments are cached beside the read
-- models, so their writes notify the same channel, in the writer's transaction (heard on commit only), naming the
-- scope they changed: 'session:<token hash>' or 'patient:<id>'. An organisation's own changes already notify its id
-- (0012).
CREATE OR REPLACE FUNCTION "notify_access_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prsp_read_models', 'session:' || OLD."token_hash");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_access_patient"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prsp_read_models', 'patient:' || OLD."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_access_patient_child"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A guest's participation has no patient.
  IF TG_OP <> 'INSERT' AND OLD."patient_id" IS NOT NULL THEN
    PERFORM pg_notify('prsp_read_models', 'patient:' || OLD."patient_id");
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."patient_id" IS NOT NULL THEN
    PERFORM pg_notify('prsp_read_models', 'patient:' || NEW."patient_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An appointment's change (time, status, cancellation) reaches each of its patients; a new one reaches them as they
-- are added (the participants' trigger).
CREATE OR REPLACE FUNCTION "notify_access_appointment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prsp_read_models', 'patient:' || p."patient_id")
    FROM "appointment_participants" p WHERE p."appointment_id" = OLD."id" AND p."patient_id" IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every change but the idle clock's touch (at most once a minute per session in use): an instance whose copy is
-- behind on last_seen_at reads the row again before it would judge the session idle (sessions.service.ts).
CREATE TRIGGER "sessions_notify_access_update" AFTER UPDATE ON "sessions"
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at'))
  EXECUTE FUNCTION "notify_access_session"();--> statement-breakpoint
CREATE TRIGGER "sessions_notify_access_delete" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_access_session"();--> statement-breakpoint
CREATE TRIGGER "patients_notify_access" AFTER UPDATE OR DELETE ON "patients"
  FOR EACH ROW EXECUTE FUNCTION "notify_access_patient"();--> statement-breakpoint
CREATE TRIGGER "terms_acceptances_notify_access" AFTER INSERT OR UPDATE OR DELETE ON "terms_acceptances"
  FOR EACH ROW EXECUTE FUNCTION "notify_access_patient_child"();
--> statement-breakpoint
CREATE TRIGGER "appointments_notify_access" AFTER UPDATE OR DELETE ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "notify_access_appointment"();--> statement-breakpoint
CREATE TRIGGER "appointment_participants_notify_access" AFTER INSERT OR UPDATE OR DELETE ON "appointment_participants"
  FOR EACH ROW EXECUTE FUNCTION "notify_access_patient_child"();--> statement-breakpoint
CREATE TRIGGER "survey_responses_notify_access" AFTER INSERT OR UPDATE OR DELETE ON "survey_responses"
  FOR EACH ROW EXECUTE FUNCTION "notify_access_patient_child"();
