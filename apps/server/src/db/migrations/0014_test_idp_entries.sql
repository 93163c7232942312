CREATE TABLE "test_idp_entries" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "test_idp_entries_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE INDEX "test_idp_entries_grant_idx" ON "test_idp_entries" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "test_idp_entries_uid_idx" ON "test_idp_entries" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "test_idp_entries_user_code_idx" ON "test_idp_entries" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "test_idp_entries_expires_idx" ON "test_idp_entries" USING btree ("expires_at");