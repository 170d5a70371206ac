CREATE TABLE "login_throttle" (
	"username" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL,
	CONSTRAINT "login_throttle_username_address_pk" PRIMARY KEY("username","address")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every refresh-token family becomes a session; a family whose tokens were all revoked is an ended
-- one. Access tokens issued before this migration carry no session id and are refused, so their
-- holders refresh (a live family still works) or log in again.
INSERT INTO "sessions" ("id", "user_id", "started_at", "ended_at", "end_reason")
SELECT "family_id", min("user_id"), min("created_at"),
  CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END,
  CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN 'revoked' END
FROM "refresh_tokens" GROUP BY "family_id";
--> statement-breakpoint
CREATE INDEX "login_throttle_window_ends_idx" ON "login_throttle" USING btree ("window_ends");--> statement-breakpoint
CREATE INDEX "sessions_user_live_idx" ON "sessions" USING btree ("user_id") WHERE ended_at IS NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_sessions_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Access switched off ends the user's sessions whichever statement switches it (the users screen, a
-- script, an operator's SQL), so switching it back on can never revive a token issued before.
CREATE FUNCTION users_access_off_ends_sessions() RETURNS trigger AS $$
BEGIN
  UPDATE sessions SET ended_at = now(), end_reason = 'access_off'
  WHERE user_id = NEW.id AND ended_at IS NULL;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_access_off_ends_sessions AFTER UPDATE OF has_access ON users
  FOR EACH ROW WHEN (OLD.has_access AND NOT NEW.has_access) EXECUTE FUNCTION users_access_off_ends_sessions();
--> statement-breakpoint
-- Replaced by login_throttle's counters, which a login increments atomically before its password is
-- checked; old failures simply stop counting.
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
-- A session ends as a whole (sessions.ended_at), so its tokens need no revocation mark of their own.
ALTER TABLE "refresh_tokens" DROP COLUMN "revoked_at";
