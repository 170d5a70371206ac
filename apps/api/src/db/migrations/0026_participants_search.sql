-- Participants search (issue 15): trigrams for LIKE/ILIKE %…% (pg_trgm), event_id in the same GIN index (btree_gin).
-- Both are trusted extensions (PostgreSQL 13+): the database owner may create them. PGlite loads both (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "event_enrollments_active_idx" ON "event_enrollments" USING btree ("event_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "event_enrollments"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "event_enrollments_search_trgm_idx" ON "event_enrollments" USING gin ("event_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_enrollments_institution_trgm_idx" ON "event_enrollments" USING gin ("event_id","institution" gin_trgm_ops);