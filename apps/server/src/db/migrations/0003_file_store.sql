-- File store (platform/files): a `files` row per stored file; theme images reference it by `file_id`.
-- Existing theme images are NOT moved: SQL cannot write to the file store (a directory or an S3 bucket).
-- Their bytes stay in organisation_files.data / content_type and are served from there until an admin
-- uploads the image again (which stores it in the file store and clears the old bytes). See docs/deployment.md.
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"filename" text NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "organisation_files" ALTER COLUMN "content_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_files" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_files" ADD COLUMN "file_id" uuid;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_kind","owner_id");--> statement-breakpoint
ALTER TABLE "organisation_files" ADD CONSTRAINT "organisation_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_files" ADD CONSTRAINT "organisation_files_has_image" CHECK ("organisation_files"."file_id" is not null or "organisation_files"."data" is not null);