-- Experts made without the "auto-create" option had no chat user id, so they could not take part in a group (1006):
-- each gets one now, in the alphabet of platform/chat-ids.ts (hex with 0 and 1 swapped for g and h).
UPDATE "experts" SET "chat_user_id" = 'cu-' || translate(substr(md5(random()::text || "id"::text), 1, 16), '01', 'gh') WHERE "chat_user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "experts" ALTER COLUMN "chat_user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "ui_language" text;