-- Programme years (issue 18): a school's paid-validation consolidation belongs to one programme year.
-- Hand-edited after drizzle-kit: existing consolidations are the open year's (set with the history
-- trigger disabled for this one statement), one open consolidation per school AND year, the history
-- trigger compares the year too, validations are refused only while the consolidation of their own
-- inscription's year is in force, and student_bonus reads the consolidation of the inscription's year
-- (a closed year's declaration never marks the open year's students declared, nor the reverse).
-- Declarations too: one current version per school, kind AND year (decisions 039 and 040).
ALTER TABLE "paid_validation_consolidations" ADD COLUMN "year" smallint;--> statement-breakpoint
ALTER TABLE "paid_validation_consolidations" DISABLE TRIGGER paid_consolidations_keep_history;--> statement-breakpoint
UPDATE "paid_validation_consolidations" SET "year" = (SELECT year FROM programme_settings WHERE id = 1);--> statement-breakpoint
ALTER TABLE "paid_validation_consolidations" ENABLE TRIGGER paid_consolidations_keep_history;--> statement-breakpoint
ALTER TABLE "paid_validation_consolidations" ALTER COLUMN "year" SET NOT NULL;--> statement-breakpoint
DROP INDEX "paid_consolidation_one_open";--> statement-breakpoint
CREATE UNIQUE INDEX "paid_consolidation_one_open" ON "paid_validation_consolidations" USING btree ("institution_id","year") WHERE reopened_at is null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION paid_consolidations_keep_history() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'paid_validation_consolidations keeps its history: rows are not deleted';
  END IF;
  -- The only change: reopening an open consolidation once (an administrator's enabling).
  IF OLD.reopened_at IS NOT NULL OR NEW.reopened_at IS NULL
      OR (NEW.institution_id, NEW.year, NEW.consolidated_at, NEW.consolidated_by, NEW.students, NEW.delivered,
          NEW.undelivered, NEW.amount_per_student)
         IS DISTINCT FROM (OLD.institution_id, OLD.year, OLD.consolidated_at, OLD.consolidated_by, OLD.students,
          OLD.delivered, OLD.undelivered, OLD.amount_per_student) THEN
    RAISE EXCEPTION 'a paid-validation consolidation is only ever reopened, once';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION paid_validations_only_while_open() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'paid_validations rows are not deleted';
  END IF;
  IF EXISTS (SELECT 1 FROM paid_validation_consolidations c
             JOIN inscriptions n ON n.id = NEW.inscription_id
             WHERE c.institution_id = NEW.institution_id AND c.year = n.year AND c.reopened_at IS NULL) THEN
    RAISE EXCEPTION 'the paid validation of institution % is consolidated', NEW.institution_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE VIEW "student_bonus" AS
SELECT
  n.id AS inscription_id,
  n.institution_id,
  n.course_id,
  n.student_id,
  n.year,
  n.removed_at IS NOT NULL AS removed,
  n.removed_at,
  coalesce(p.paid, false) AS bank_paid,
  CASE WHEN p.paid THEN p.paid_on END AS paid_on,
  t.id IS NOT NULL AS has_titular,
  coalesce(t.holder_type_id IN (2, 3), false) AS staff_titular,
  b.id IS NOT NULL AS blocked,
  c.id IS NOT NULL AS school_declared,
  CASE WHEN c.id IS NOT NULL THEN v.is_paid END AS declared_delivered,
  c.amount_per_student AS declared_amount,
  CASE
    WHEN n.removed_at IS NOT NULL THEN 'BAJA'
    WHEN c.id IS NOT NULL AND v.is_paid AND coalesce(p.paid, false) THEN 'PAGADO'
    WHEN c.id IS NOT NULL AND v.is_paid THEN 'DECLARADO_SIN_PAGO'
    WHEN c.id IS NOT NULL AND NOT v.is_paid AND coalesce(p.paid, false) THEN 'NO_PAGADO_DECLARADO'
    WHEN coalesce(p.paid, false) AND coalesce(t.holder_type_id IN (2, 3), false) AND c.id IS NOT NULL
      THEN 'PAGADO_SIN_DECLARAR'
    WHEN coalesce(p.paid, false) AND coalesce(t.holder_type_id IN (2, 3), false) THEN 'PAGADO_POR_VALIDAR'
    WHEN coalesce(p.paid, false) THEN 'PAGADO'
    WHEN b.id IS NOT NULL THEN 'BLOQUEADO'
    WHEN t.id IS NOT NULL THEN 'PENDIENTE'
    ELSE 'SIN_TITULAR'
  END AS state,
  -- The states PAGADO, PAGADO_POR_VALIDAR and PAGADO_SIN_DECLARAR (paidBonusStates), as one
  -- condition: not removed, paid by the bank, and no sworn NO PAGADO in force.
  n.removed_at IS NULL AND coalesce(p.paid, false)
    AND NOT (c.id IS NOT NULL AND v.is_paid IS NOT NULL AND NOT v.is_paid) AS counts_as_paid
FROM inscriptions n
LEFT JOIN payments p ON p.inscription_id = n.id
LEFT JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
LEFT JOIN student_blocks b ON b.inscription_id = n.id AND b.unblocked_at IS NULL
LEFT JOIN paid_validation_consolidations c ON c.institution_id = n.institution_id AND c.year = n.year
  AND c.reopened_at IS NULL
LEFT JOIN paid_validations v ON v.inscription_id = n.id;
--> statement-breakpoint
-- One current declaration per school, kind AND year: a consolidation of the open year supersedes the
-- open year's declaration only, never a closed year's.
DROP INDEX "declarations_one_current";--> statement-breakpoint
CREATE UNIQUE INDEX "declarations_one_current" ON "declarations" USING btree ("institution_id","kind","year") WHERE superseded_at is null;
