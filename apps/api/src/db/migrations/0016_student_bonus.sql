-- One payment truth (issue 12): the reconciled state of each student's bonus, computed once here and
-- read by every figure and label (statistics, reports, PDFs, XLSX, Kardex, payments, public lookup).
-- It mirrors bonusState() in packages/domain/src/payments/bonus-state.ts case for case; the test
-- apps/api/src/modules/payments/bonus-state.test.ts compares them over every combination of facts.
-- Every join is on a unique key (payments and paid_validations by inscription, one active titular,
-- one open block, one open consolidation per school), so the view has one row per inscription.
-- Plain joins and expressions only (no LATERAL, no aggregate): the planner flattens the view into
-- the caller's query, so a lookup of one inscription reads one row of each table, not the view.
-- Callers start FROM student_bonus (it carries the inscription's school, course, student and year)
-- rather than joining it to inscriptions again: that second copy of inscriptions made the planner
-- hash-join the whole table for one school's list.
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
LEFT JOIN paid_validation_consolidations c ON c.institution_id = n.institution_id AND c.reopened_at IS NULL
LEFT JOIN paid_validations v ON v.inscription_id = n.id;
--> statement-breakpoint
-- Active teacher or director titulars, the candidates of 'Conciliación Banco – DDJJ' (with the
-- validations the bank contradicts): national scale read 1.4 M titulars without it.
CREATE INDEX "titular_active_staff_idx" ON "titular_assignments" USING btree ("inscription_id")
  WHERE removed_at is null and holder_type_id in (2, 3);
