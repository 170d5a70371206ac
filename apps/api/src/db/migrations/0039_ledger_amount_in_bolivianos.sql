-- The ledger's amount is in whole bolivianos, as the programme's amount per student is (200), and
-- always was: the column was named amount_cents, which an auditor reads as 2.00 Bs. Renamed, with the
-- views that show it; the rows are not touched (the ledger is append-only, decision 047).
ALTER TABLE "payment_ledger" RENAME COLUMN "amount_cents" TO "amount_bob";
--> statement-breakpoint
ALTER TABLE "payment_ledger" RENAME CONSTRAINT "payment_ledger_amount_cents_check" TO "payment_ledger_amount_bob_check";
--> statement-breakpoint
ALTER VIEW "payment_ledger_current" RENAME COLUMN "amount_cents" TO "amount_bob";
--> statement-breakpoint
ALTER VIEW "payments" RENAME COLUMN "amount_cents" TO "amount_bob";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_write() RETURNS trigger AS $$
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
  INSERT INTO payment_ledger (inscription_id, source_kind, received_at, bank, paid_on, mode, amount_bob, bank_status, rude, supersedes_id)
  VALUES (NEW.inscription_id, coalesce(NEW.source_kind, 'manual'), coalesce(NEW.synced_at, now()), NEW.bank, NEW.paid_on, NEW.mode,
    CASE WHEN coalesce(NEW.paid, false) THEN coalesce(NEW.amount_bob, (SELECT amount_per_student FROM programme_settings WHERE id = 1)) END,
    CASE WHEN coalesce(NEW.paid, false) THEN 'PAGADO' ELSE 'NO_PAGADO' END,
    (SELECT s.rude FROM inscriptions n JOIN students s ON s.id = n.student_id WHERE n.id = NEW.inscription_id), tip);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
