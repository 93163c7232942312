ALTER TABLE "audit_log" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "patient_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_patient_idx" ON "audit_log" USING btree ("patient_id","at");