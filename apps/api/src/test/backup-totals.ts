import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../db/client.js';
import { rows } from '../db/rows.js';
import { run } from '../db/seed/sql.js';

/**
 * What a restore must give back (docs/operations.md, "Checks after a restore"): the programme's
 * totals as the dashboard and the reports count them, the audit trail, and a fingerprint of the
 * frozen declarations' PDFs (binary columns survive the dump byte for byte).
 */
export type BackupTotals = {
  students: number;
  inscriptions: number;
  titulars: number;
  paidPayments: number;
  countedAsPaid: number;
  paidAmount: number;
  holderConsolidations: number;
  paidValidationConsolidations: number;
  declarations: number;
  declarationFingerprint: string | null;
  beneficiariesRollup: number;
  users: number;
  auditRows: number;
  nextStudentId: number;
};

export async function backupTotals(db: Executor): Promise<BackupTotals> {
  const [totals] = await rows<BackupTotals>(
    db,
    `SELECT (SELECT count(*) FROM students)::int AS students,
       (SELECT count(*) FROM inscriptions WHERE removed_at IS NULL)::int AS inscriptions,
       (SELECT count(*) FROM titular_assignments WHERE removed_at IS NULL)::int AS titulars,
       (SELECT count(*) FROM payments WHERE paid)::int AS "paidPayments",
       (SELECT count(*) FROM student_bonus WHERE counts_as_paid)::int AS "countedAsPaid",
       -- Bolivianos paid: the amount a school declared, else the programme's amount per student.
       (SELECT coalesce(sum(coalesce(b.declared_amount, s.amount_per_student)), 0) FROM student_bonus b
          CROSS JOIN programme_settings s WHERE s.id = 1 AND b.counts_as_paid)::int8 AS "paidAmount",
       (SELECT count(*) FROM institutions WHERE holders_consolidated_at IS NOT NULL)::int AS "holderConsolidations",
       (SELECT count(*) FROM paid_validation_consolidations WHERE reopened_at IS NULL)::int
         AS "paidValidationConsolidations",
       (SELECT count(*) FROM declarations)::int AS declarations,
       (SELECT md5(string_agg(sha256 || ':' || md5(pdf), ',' ORDER BY id)) FROM declarations)
         AS "declarationFingerprint",
       (SELECT count(*) FROM stats_beneficiaries)::int AS "beneficiariesRollup",
       (SELECT count(*) FROM users)::int AS users,
       (SELECT count(*) FROM audit_log)::int AS "auditRows",
       (SELECT max(id) + 1 FROM students)::int AS "nextStudentId"`,
  );
  return totals!;
}

/**
 * A frozen declaration with a 256 KB PDF-like body on the first consolidated (else first) school (its
 * next version of 2025: versions count per year, decision 042, so the seed's closed-year one does not
 * count and it is version 1), and its audit row, so the dump carries a large binary value and an
 * append-only table written by the console.
 */
export async function storeDeclaration(db: Executor): Promise<void> {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(256 * 1024)]);
  const sha = createHash('sha256').update(pdf).digest('hex');
  await run(
    db,
    `INSERT INTO declarations (institution_id, kind, version, year, data, pdf, sha256, file_name,
       verification_code, code_hash, consolidated_at, consolidated_by_name, stored_at)
     SELECT id, 2,
       1 + coalesce((SELECT max(d.version) FROM declarations d
                     WHERE d.institution_id = i.id AND d.kind = 2 AND d.year = 2025), 0),
       2025, '{"students": 0}'::jsonb, decode('${pdf.toString('hex')}', 'hex'), '${sha}',
       'declaracion.pdf', 'BACKUP-TEST', '${createHash('sha256').update('BACKUP-TEST').digest('hex')}', now(),
       'Prueba de respaldo', now()
     FROM institutions i ORDER BY holders_consolidated_at NULLS LAST, id LIMIT 1`,
  );
  await run(
    db,
    `INSERT INTO audit_log (action, entity, entity_id, after, ip)
     SELECT 'declaration.store', 'declarations', id::text, jsonb_build_object('sha256', sha256), '127.0.0.1'
     FROM declarations WHERE verification_code = 'BACKUP-TEST'`,
  );
}
