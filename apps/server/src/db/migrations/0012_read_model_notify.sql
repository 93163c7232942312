-- Read-model cache invalidation (docs/operations.md 'Read-model cache'): every write to the tables behind an
-- organisation's patient config and service list notifies 'prsp_read_models' with the organisation's id, in the
-- writer's transaction, so listeners hear it on commit only (and never for a rolled-back write). Triggers rather than
-- calls in the code, so that every writer is covered: the admin app, seeds, tests and an operator's own SQL alike.
CREATE OR REPLACE FUNCTION "notify_read_models_organisation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('prsp_read_models', OLD."id"::text);
  ELSE
    PERFORM pg_notify('prsp_read_models', NEW."id"::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_read_models_child"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('prsp_read_models', OLD."organisation_id"::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('prsp_read_models', NEW."organisation_id"::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "organisations_notify_read_models" AFTER INSERT OR UPDATE OR DELETE ON "organisations"
  FOR EACH ROW EXECUTE FUNCTION "notify_read_models_organisation"();--> statement-breakpoint
CREATE TRIGGER "organisation_files_notify_read_models" AFTER INSERT OR UPDATE OR DELETE ON "organisation_files"
  FOR EACH ROW EXECUTE FUNCTION "notify_read_models_child"();--> statement-breakpoint
CREATE TRIGGER "services_notify_read_models" AFTER INSERT OR UPDATE OR DELETE ON "services"
  FOR EACH ROW EXECUTE FUNCTION "notify_read_models_child"();
