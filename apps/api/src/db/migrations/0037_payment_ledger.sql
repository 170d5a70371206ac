-- The payment ledger (issue 33 §3, decision 047): every payment record the bank reports, by the
-- Síntesis sync or the payment file, is appended and never overwritten. A correction is a new entry
-- that supersedes the one before it (supersedes_id); both are kept. Per inscription the entries form
-- one chain: one first entry (supersedes_id NULL) and each entry superseded at most once, so the
-- chain has exactly one tip, the current entry.
CREATE TABLE "payment_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inscription_id" integer NOT NULL REFERENCES "inscriptions"("id"),
	"source_kind" text NOT NULL CHECK ("source_kind" IN ('sync', 'import', 'migration', 'manual')),
	"source_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bank" text,
	"paid_on" date,
	"mode" text,
	"amount_cents" integer CHECK ("amount_cents" IS NULL OR "amount_cents" >= 0),
	"bank_status" text DEFAULT 'PAGADO' NOT NULL CHECK ("bank_status" IN ('PAGADO', 'NO_PAGADO', 'ANULADO')),
	"rude" text,
	"supersedes_id" bigint REFERENCES "payment_ledger"("id"),
	CONSTRAINT "payment_ledger_supersedes_once" UNIQUE ("supersedes_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_one_first" ON "payment_ledger" ("inscription_id") WHERE "supersedes_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "payment_ledger_inscription_idx" ON "payment_ledger" ("inscription_id", "id");
--> statement-breakpoint
CREATE INDEX "payment_ledger_paid_on_idx" ON "payment_ledger" ("paid_on");
--> statement-breakpoint
CREATE FUNCTION payment_ledger_is_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'payment_ledger is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payment_ledger_no_update BEFORE UPDATE OR DELETE ON payment_ledger
  FOR EACH ROW EXECUTE FUNCTION payment_ledger_is_append_only();
--> statement-breakpoint
CREATE TRIGGER payment_ledger_no_truncate BEFORE TRUNCATE ON payment_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION payment_ledger_is_append_only();
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON payment_ledger FROM PUBLIC;
--> statement-breakpoint
-- Every payment row as it stands becomes the first entry of its chain.
INSERT INTO payment_ledger (inscription_id, source_kind, received_at, bank, paid_on, mode, amount_cents, bank_status, rude)
SELECT p.inscription_id, 'migration', p.synced_at, p.bank, p.paid_on, p.mode,
  CASE WHEN p.paid THEN (SELECT amount_per_student FROM programme_settings WHERE id = 1) END,
  CASE WHEN p.paid THEN 'PAGADO' ELSE 'NO_PAGADO' END, s.rude
FROM payments p JOIN inscriptions n ON n.id = p.inscription_id JOIN students s ON s.id = n.student_id
ORDER BY p.inscription_id;
--> statement-breakpoint
DROP VIEW "student_bonus";
--> statement-breakpoint
DROP TABLE "payments";
--> statement-breakpoint
-- The tip of every chain (an annulment included): what a new entry supersedes.
CREATE VIEW "payment_ledger_current" AS
SELECT l.* FROM payment_ledger l
WHERE NOT EXISTS (SELECT 1 FROM payment_ledger s WHERE s.supersedes_id = l.id);
--> statement-breakpoint
-- The one definition of the current payment state: the tip of each chain, unless annulled. Every
-- reader of the former table reads it unchanged.
CREATE VIEW "payments" AS
SELECT c.inscription_id, c.bank_status = 'PAGADO' AS paid, c.paid_on, c.bank, c.mode,
  c.received_at AS synced_at, c.id AS ledger_id, c.amount_cents, c.source_kind, c.source_id
FROM payment_ledger_current c
WHERE c.bank_status <> 'ANULADO';
--> statement-breakpoint
-- A write to the view is an entry in the ledger: an insert or update appends an entry superseding
-- the tip (if any), a delete appends an annulment. Seeds and tests that wrote the table keep working;
-- the sync and the import append set-based (modules/sync/queries/payments.ts).
CREATE FUNCTION payments_write() RETURNS trigger AS $$
DECLARE
  tip bigint;
BEGIN
  SELECT c.id INTO tip FROM payment_ledger_current c
    WHERE c.inscription_id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.inscription_id ELSE NEW.inscription_id END);
  IF TG_OP = 'DELETE' THEN
    INSERT INTO payment_ledger (inscription_id, source_kind, bank_status, supersedes_id, rude)
    VALUES (OLD.inscription_id, 'manual', 'ANULADO', tip,
      (SELECT s.rude FROM inscriptions n JOIN students s ON s.id = n.student_id WHERE n.id = OLD.inscription_id));
    RETURN OLD;
  END IF;
  INSERT INTO payment_ledger (inscription_id, source_kind, received_at, bank, paid_on, mode, amount_cents, bank_status, rude, supersedes_id)
  VALUES (NEW.inscription_id, coalesce(NEW.source_kind, 'manual'), coalesce(NEW.synced_at, now()), NEW.bank, NEW.paid_on, NEW.mode,
    CASE WHEN coalesce(NEW.paid, false) THEN coalesce(NEW.amount_cents, (SELECT amount_per_student FROM programme_settings WHERE id = 1)) END,
    CASE WHEN coalesce(NEW.paid, false) THEN 'PAGADO' ELSE 'NO_PAGADO' END,
    (SELECT s.rude FROM inscriptions n JOIN students s ON s.id = n.student_id WHERE n.id = NEW.inscription_id), tip);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payments_write INSTEAD OF INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_write();
--> statement-breakpoint
CREATE VIEW "student_bonus" AS
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
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'bjp_app') THEN
    REVOKE ALL ON payment_ledger FROM bjp_app;
    GRANT SELECT, INSERT ON payment_ledger TO bjp_app;
    GRANT USAGE ON SEQUENCE payment_ledger_id_seq TO bjp_app;
    GRANT SELECT, INSERT, UPDATE, DELETE ON payments TO bjp_app;
    GRANT SELECT ON payment_ledger_current, student_bonus TO bjp_app;
  END IF;
END
$$;
