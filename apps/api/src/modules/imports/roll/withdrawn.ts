import { courseLabel, WITHDRAWN_PAGE_SIZE, type WithdrawnPage, type WithdrawnQuery } from '@bjp/domain';
import type { Executor } from '../../../db/client.js';
import { countWithdrawn, type WithdrawnFilter, withdrawnPage } from './queries/withdrawn.js';

/** A SIE code has at most 8 digits; anything longer (or with letters) is read as a RUDE. */
const SIE_DIGITS = /^\d{1,8}$/;

function filterOf(query: WithdrawnQuery): WithdrawnFilter {
  const search = query.search?.toUpperCase();
  if (!search) return { departmentId: query.departmentId };
  return SIE_DIGITS.test(search)
    ? { departmentId: query.departmentId, sie: Number(search) }
    : { departmentId: query.departmentId, rude: search };
}

/** 'Estudiantes retirados': the open year's students the last roll no longer lists, for review. */
export async function withdrawnStudents(db: Executor, query: WithdrawnQuery): Promise<WithdrawnPage> {
  const filter = filterOf(query);
  const offset = (query.page - 1) * WITHDRAWN_PAGE_SIZE;
  const [items, total] = [
    await withdrawnPage(db, filter, WITHDRAWN_PAGE_SIZE, offset),
    await countWithdrawn(db, filter),
  ];
  return {
    items: items.map((r) => ({
      inscriptionId: r.inscriptionId,
      rude: r.rude,
      student: r.student,
      sie: r.sie,
      institution: r.institution,
      department: r.department,
      course: courseLabel(r),
      withdrawnAt: new Date(r.withdrawnAt).toISOString(),
      importId: r.importId,
      hasTitular: r.hasTitular,
      paid: r.paid,
      declared: r.declared,
      removed: r.removed,
    })),
    page: query.page,
    pageSize: WITHDRAWN_PAGE_SIZE,
    total,
  };
}
