-- The patient's service cards show each queue's hours today and whether anyone serves it (GET /api/services
-- availability). They come from the read-model cache with the organisation's service lists, so the tables behind them
-- notify the organisation's id as 0012's do: a queue (its hours, its expert), an expert (the queue they serve, the
-- organisation), and a staff user switched active or inactive (every organisation they are an expert in). A deleted
-- staff user's expert rows go by cascade and notify themselves.
CREATE TRIGGER "chat_queues_notify_read_models" AFTER INSERT OR UPDATE OR DELETE ON "chat_queues"
  FOR EACH ROW EXECUTE FUNCTION "notify_read_models_child"();--> statement-breakpoint
CREATE TRIGGER "experts_notify_read_models" AFTER INSERT OR UPDATE OR DELETE ON "experts"
  FOR EACH ROW EXECUTE FUNCTION "notify_read_models_child"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_read_models_staff_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prsp_read_models', e."organisation_id"::text) FROM "experts" e WHERE e."user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only the switch: a sign-in's counters and timestamps change nothing a patient sees.
CREATE TRIGGER "staff_users_notify_read_models" AFTER UPDATE ON "staff_users"
  FOR EACH ROW WHEN (OLD."active" IS DISTINCT FROM NEW."active") EXECUTE FUNCTION "notify_read_models_staff_user"();
