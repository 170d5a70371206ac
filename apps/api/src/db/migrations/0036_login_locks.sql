-- Logins that cannot lock anyone out (decision 051): the pair and address counters carry the growing
-- delay they earned; the per-username counter is gone (a lock of a username from everywhere was the
-- attack); the addresses each username logged in from let colleagues behind a shared address in.
CREATE TABLE "login_known_addresses" (
	"username" text NOT NULL,
	"address" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_known_addresses_username_address_pk" PRIMARY KEY("username","address")
);
--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "login_known_addresses_last_success_idx" ON "login_known_addresses" USING btree ("last_success_at");--> statement-breakpoint
DELETE FROM "login_throttle" WHERE "address" = '' AND "username" <> '';
