import {
  courseLabel,
  DEFAULT_PAGE_SIZE,
  type RemovalCandidate,
  type RemovalDepartment,
  type RemovalHistoryPage,
  type RemovalResult,
  type RemovalStudentPage,
  removalMessages,
  removalStates,
} from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { firstRow, rows } from '../../db/rows.js';
import { AppError } from '../../lib/errors.js';
import { isBlockedSql } from '../blocking/index.js';
import { carnetWithComplemento, currentStudentByRude } from '../structure/index.js';
import { removeBeneficiary } from './remove.js';

const personName = (alias: string) =>
  sql.raw(
    `trim(regexp_replace(${alias}.first_last_name || ' ' || ${alias}.second_last_name || ' ' || ${alias}.name, '\\s+', ' ', 'g'))`,
  );
const carnetOf = sql.raw(`p.carnet || CASE WHEN p.complemento <> '' THEN '-' || p.complemento ELSE '' END`);

/** The department panel: name, 'Gestión' from the programme settings, removals so far. */
export async function removalDepartment(deps: AppDeps, departmentId: number): Promise<RemovalDepartment> {
  const row = await firstRow<{
    id: number;
    name: string;
    year: number;
    removals: number;
  }>(
    deps.db,
    sql`
    SELECT d.id, d.name, ps.year,
      (SELECT count(*)::int FROM beneficiary_removals r WHERE r.department_id = d.id AND r.year = ps.year) AS removals
    FROM departments d JOIN programme_settings ps ON ps.id = 1 WHERE d.id = ${departmentId}`,
  );
  if (!row) throw new AppError('not_found', removalMessages.departmentNotFound);
  return {
    departmentId: Number(row.id),
    name: row.name,
    year: Number(row.year),
    removals: Number(row.removals),
  };
}

/** /modification-remove/depto: the department comes from the caller's scope, never from the client. */
export function myDepartmentId(user: AuthUser): number {
  if (user.scope.kind !== 'department' || !user.scope.departmentId)
    throw new AppError('not_found', removalMessages.invalidUser);
  return user.scope.departmentId;
}

/** The RUDE/RUDEE finder: this year's student of the department (not found elsewhere). */
export async function findCandidate(
  deps: AppDeps,
  departmentId: number,
  rude: string,
): Promise<RemovalCandidate> {
  const student = await currentStudentByRude(deps.db, rude, { departmentId });
  if (!student) throw new AppError('not_found', removalMessages.studentNotFound);
  return {
    inscriptionId: student.inscriptionId,
    rude: student.rude,
    fullName: student.fullName,
    sie: student.institutionId,
    institution: student.institutionName,
    course: courseLabel(student),
    titularCarnet: student.titular ? carnetWithComplemento(student.titular) : null,
    titular: student.titular?.fullName ?? null,
    removedAt: student.removedAt ? student.removedAt.toISOString() : null,
  };
}

/** 'Baja Beneficiario' after the confirmation: irreversible (see remove.ts). */
export async function removeStudent(
  deps: AppDeps,
  user: AuthUser,
  departmentId: number,
  rude: string,
  reason: string,
  ip: string,
): Promise<RemovalResult> {
  const candidate = await findCandidate(deps, departmentId, rude);
  if (candidate.removedAt) throw new AppError('conflict', removalMessages.alreadyRemoved);
  const removalId = await deps.db.transaction((tx) =>
    removeBeneficiary(tx, {
      inscriptionId: candidate.inscriptionId,
      place: { departmentId },
      source: 'BAJA BENEFICIARIO',
      reason,
      user,
      now: deps.clock.now(),
      ip,
    }),
  );
  return { message: removalMessages.removed, removalId, rude: candidate.rude };
}

/** Table 1: a course's students (or every student of a special centre) with titular and the request state. */
export async function removalStudents(
  deps: AppDeps,
  sie: number,
  query: { course?: number; page: number },
): Promise<RemovalStudentPage> {
  const pageSize = DEFAULT_PAGE_SIZE;
  const offset = (query.page - 1) * pageSize;
  const result = await rows<{
    id: number;
    rude: string;
    student: string;
    carnet: string | null;
    titular: string | null;
    removed_at: string | Date | null;
    blocked: boolean;
    total: number;
  }>(
    deps.db,
    sql`
    SELECT n.id, s.rude, ${personName('s')} AS student, ${carnetOf} AS carnet, ${personName('p')} AS titular,
      n.removed_at, ${isBlockedSql(sql`n.id`)} AS blocked, count(*) OVER () AS total
    FROM inscriptions n
    JOIN students s ON s.id = n.student_id
    LEFT JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
    LEFT JOIN persons p ON p.id = t.person_id
    WHERE n.institution_id = ${sie} AND n.year = (SELECT year FROM programme_settings WHERE id = 1)
      ${query.course ? sql`AND n.course_id = ${query.course}` : sql``}
    ORDER BY s.first_last_name, s.second_last_name, s.name, n.id
    LIMIT ${pageSize} OFFSET ${offset}`,
  );
  return {
    items: result.map((r, i) => ({
      inscriptionId: Number(r.id),
      number: offset + i + 1,
      rude: r.rude,
      student: r.student,
      titularCarnet: r.carnet,
      titular: r.titular,
      removedAt: r.removed_at ? new Date(r.removed_at).toISOString() : null,
      blocked: r.blocked,
    })),
    page: query.page,
    pageSize,
    total: Number(result[0]?.total ?? 0),
  };
}

/**
 * Table 2 'Historial Baja Beneficiarios': the department's removals, newest first, with the state:
 * 1 registered until a batch that carried it reached Síntesis (step 2 of the synchronisation), then 2.
 */
export async function removalHistory(
  deps: AppDeps,
  departmentId: number,
  query: { sie?: number; page: number },
): Promise<RemovalHistoryPage> {
  const pageSize = DEFAULT_PAGE_SIZE;
  const offset = (query.page - 1) * pageSize;
  const result = await rows<{
    id: number;
    rude: string;
    student_name: string;
    institution_id: number;
    titular_carnet: string | null;
    titular_name: string | null;
    source: 'BAJA BENEFICIARIO' | 'AJUSTE TITULAR';
    reason: string | null;
    created_at: string | Date;
    state_id: number;
    total: number;
  }>(
    deps.db,
    sql`
    SELECT r.id, r.rude, r.student_name, r.institution_id, r.titular_carnet, r.titular_name, r.source, r.reason,
      r.created_at,
      CASE WHEN EXISTS (
        SELECT 1 FROM sync_batch_items bi JOIN sync_batches b ON b.id = bi.batch_id AND b.is_send_change
        WHERE bi.student_id = n.student_id AND bi.kind = 'BAJA BENEFICIARIO' AND bi.source_id = r.inscription_id
      ) THEN 2 ELSE 1 END AS state_id,
      count(*) OVER () AS total
    FROM beneficiary_removals r JOIN inscriptions n ON n.id = r.inscription_id
    WHERE r.department_id = ${departmentId} ${query.sie ? sql`AND r.institution_id = ${query.sie}` : sql``}
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT ${pageSize} OFFSET ${offset}`,
  );
  return {
    items: result.map((r) => {
      const stateId = Number(r.state_id) as 1 | 2;
      return {
        id: Number(r.id),
        rude: r.rude,
        student: r.student_name,
        sie: Number(r.institution_id),
        titularCarnet: r.titular_carnet,
        titular: r.titular_name,
        request: r.source,
        reason: r.reason,
        stateId,
        state: removalStates[stateId],
        removedAt: new Date(r.created_at).toISOString(),
      };
    }),
    page: query.page,
    pageSize,
    total: Number(result[0]?.total ?? 0),
  };
}
