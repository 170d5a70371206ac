-- One name per concept (issue 17, docs/glossary.md): the day's batch was 'sent', not 'sended'.
ALTER TABLE "sync_batches" RENAME COLUMN "sended_at" TO "sent_at";--> statement-breakpoint
ALTER TABLE "sync_batches" RENAME COLUMN "sended_by" TO "sent_by";
