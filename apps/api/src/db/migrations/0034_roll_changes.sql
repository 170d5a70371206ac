-- What a roll's dry run found not unchanged, reused by its confirmation while roll_epoch has not
-- moved (decision 038). UNLOGGED: a crash loses only what the confirmation computes again.
CREATE UNLOGGED TABLE "roll_changes" (
	"import_id" integer NOT NULL,
	"line" integer,
	"institution_id" integer,
	"level_id" smallint,
	"grade_id" smallint,
	"parallel_id" smallint,
	"shift_id" smallint,
	"rude" text,
	"first_last_name" text,
	"second_last_name" text,
	"name" text,
	"gender" smallint,
	"birth_date" date,
	"document_number" text,
	"document_complement" text,
	"student_id" integer,
	"same_student" boolean,
	"inscription_id" integer
);
--> statement-breakpoint
CREATE TABLE "roll_epoch" (
	"id" smallint PRIMARY KEY NOT NULL,
	"epoch" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "roll_epoch" ("id", "epoch") VALUES (1, 0);
--> statement-breakpoint
ALTER TABLE "file_imports" ADD COLUMN "diff_epoch" bigint;
--> statement-breakpoint
-- Once per statement, not per row: a roll's merge of 2.3 million rows moves it once. Only the
-- columns a roll is compared with: a removal (removed_at) or a SERECI match (empareja_sereci) does not.
CREATE FUNCTION roll_epoch_moves() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE roll_epoch SET epoch = epoch + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER students_move_roll_epoch AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF rude, first_last_name, second_last_name, name, gender, birth_date, document_number, document_complement
  ON students FOR EACH STATEMENT EXECUTE FUNCTION roll_epoch_moves();
--> statement-breakpoint
CREATE TRIGGER inscriptions_move_roll_epoch AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF student_id, course_id, institution_id, year, withdrawn_at
  ON inscriptions FOR EACH STATEMENT EXECUTE FUNCTION roll_epoch_moves();
--> statement-breakpoint
CREATE TRIGGER courses_move_roll_epoch AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF institution_id, year, level_id, grade_id, parallel_id, shift_id
  ON courses FOR EACH STATEMENT EXECUTE FUNCTION roll_epoch_moves();
