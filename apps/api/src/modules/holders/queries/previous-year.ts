/**
 * The titular modal's reads of the student's earlier year (issue 18, decision 041): last year's
 * titular, offered as a one-click choice, and last year's guardians, offered to copy.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { firstRow, rows } from '../../../db/rows.js';

export type PreviousTitularRow = {
  year: number;
  person_id: number;
  carnet: string;
  complemento: string;
  paterno: string;
  materno: string;
  name: string;
  birth_date: string;
  verified: boolean;
  relationship_id: number;
  relationship_name: string;
};

/**
 * The student's titular at the end of the previous year (issue 18): the active assignment of the
 * same student's inscription of the year before this inscription's, with the person as they are now
 * (persons carry over). Undefined when the student had no inscription or no titular that year.
 */
export async function previousTitularRow(db: Executor, inscriptionId: number) {
  return firstRow<PreviousTitularRow>(
    db,
    sql`SELECT pn.year, p.id AS person_id, p.carnet, p.complemento, p.first_last_name AS paterno,
          p.second_last_name AS materno, p.name, p.birth_date::text AS birth_date,
          p.segip_verified_at IS NOT NULL AS verified, a.relationship_id, r.name AS relationship_name
        FROM inscriptions n
        JOIN inscriptions pn ON pn.student_id = n.student_id AND pn.year = n.year - 1
        JOIN titular_assignments a ON a.inscription_id = pn.id AND a.removed_at IS NULL
        JOIN persons p ON p.id = a.person_id
        JOIN relationships r ON r.id = a.relationship_id
        WHERE n.id = ${inscriptionId}
        LIMIT 1`,
  );
}

/** A guardian of the earlier year, as last year's titular is read (the same person columns). */
export type PreviousGuardianRow = Omit<PreviousTitularRow, 'birth_date'>;

/**
 * The student's active guardians of the closest earlier year the student was inscribed in (issue 18,
 * decision 041) who are not active guardians of this inscription, with the person as they are now
 * (persons carry over). Empty when there is no earlier inscription or nobody is left to offer.
 */
export function previousGuardianRows(db: Executor, inscriptionId: number) {
  return rows<PreviousGuardianRow>(
    db,
    sql`SELECT pn.year, p.id AS person_id, p.carnet, p.complemento, p.first_last_name AS paterno,
          p.second_last_name AS materno, p.name, p.segip_verified_at IS NOT NULL AS verified,
          g.relationship_id, r.name AS relationship_name
        FROM inscriptions n
        JOIN LATERAL (
          SELECT e.id, e.year FROM inscriptions e
          WHERE e.student_id = n.student_id AND e.year < n.year
          ORDER BY e.year DESC LIMIT 1
        ) pn ON true
        JOIN guardians g ON g.inscription_id = pn.id AND g.removed_at IS NULL
        JOIN persons p ON p.id = g.person_id
        JOIN relationships r ON r.id = g.relationship_id
        WHERE n.id = ${inscriptionId}
          AND NOT EXISTS (
            SELECT 1 FROM guardians c
            WHERE c.inscription_id = n.id AND c.person_id = g.person_id AND c.removed_at IS NULL)
        ORDER BY g.created_at, g.id`,
  );
}

/** The persons who were active guardians of the student in the closest earlier year, added here or not. */
export async function previousGuardianPersonIds(db: Executor, inscriptionId: number): Promise<Set<number>> {
  const found = await rows<{ person_id: number }>(
    db,
    sql`SELECT g.person_id
        FROM inscriptions n
        JOIN LATERAL (
          SELECT e.id FROM inscriptions e
          WHERE e.student_id = n.student_id AND e.year < n.year
          ORDER BY e.year DESC LIMIT 1
        ) pn ON true
        JOIN guardians g ON g.inscription_id = pn.id AND g.removed_at IS NULL
        WHERE n.id = ${inscriptionId}`,
  );
  return new Set(found.map((r) => Number(r.person_id)));
}
