ALTER TABLE "organisations" DROP COLUMN "ninchat_site_key";--> statement-breakpoint
ALTER TABLE "organisations" DROP COLUMN "ninchat_master_key_encrypted";--> statement-breakpoint
ALTER TABLE "organisations" DROP COLUMN "ninchat_secret_encrypted";