-- A chat handed over carries who handed it on and their note for whoever takes it (issue 28, transfer).
ALTER TABLE "chat_channels" ADD COLUMN "handover_from" text;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD COLUMN "handover_note" text;