CREATE TABLE "event_seats" (
	"event_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"remaining" integer NOT NULL,
	CONSTRAINT "event_seats_event_id_shard_pk" PRIMARY KEY("event_id","shard"),
	CONSTRAINT "event_seats_remaining" CHECK ("event_seats"."remaining" >= 0)
);
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_enrolled_within_maximum";--> statement-breakpoint
ALTER TABLE "event_seats" ADD CONSTRAINT "event_seats_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "enrolled";--> statement-breakpoint
-- Places still free in the events that already have enrollments, split like new events (seats.ts).
INSERT INTO "event_seats" ("event_id", "shard", "remaining")
SELECT e.id, s.shard, free.n / k.shards + CASE WHEN s.shard < free.n % k.shards THEN 1 ELSE 0 END
FROM "events" e
CROSS JOIN LATERAL (SELECT greatest(0, e.maximum - (SELECT count(*) FROM "event_enrollments" x WHERE x.event_id = e.id))::int AS n) free
CROSS JOIN LATERAL (SELECT least(16, greatest(1, e.maximum))::int AS shards) k
CROSS JOIN LATERAL generate_series(0, k.shards - 1) AS s(shard)
WHERE e.with_limit_control;
