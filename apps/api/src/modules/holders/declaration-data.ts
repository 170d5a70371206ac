import { holderMessages } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import type { DeclarationCounts, DeclarationData } from '../../documents/inputs.js';
import { AppError } from '../../lib/errors.js';
import { studentDetails } from '../reports/index.js';
import { institutionCard } from '../structure/index.js';
import { institutionFacts } from './context.js';
import { consolidatedByName, declarationRows as declarationRowsOf } from './queries/consolidation.js';

function sum(rows: DeclarationCounts[]): DeclarationCounts {
  const total: DeclarationCounts = {
    total: 0,
    apoderados: 0,
    maestros: 0,
    directores: 0,
    removed: 0,
    pending: 0,
  };
  for (const r of rows)
    for (const k of Object.keys(total) as Array<keyof DeclarationCounts>) total[k] += r[k];
  return total;
}

/**
 * What the declaration states, by shift, level, grade and parallel, from one GROUP BY over the
 * school's inscriptions (a 1,500-student school is a few dozen rows). Only after consolidation:
 * the declaration is of the closed list.
 */
export async function declarationData(
  deps: AppDeps,
  sie: number,
  db: Executor = deps.db,
): Promise<DeclarationData> {
  const facts = await institutionFacts(deps, db, sie);
  if (!facts.consolidatedAt) throw new AppError('conflict', holderMessages.declarationBeforeConsolidation);
  const by = await consolidatedByName(db, sie);
  return declarationDataOfYear(db, sie, facts.year, facts.consolidatedAt, by ?? '');
}

/** The declaration of the school's list of `year`, consolidated at `consolidatedAt` by `consolidatedBy`. */
export async function declarationDataOfYear(
  db: Executor,
  sie: number,
  year: number,
  consolidatedAt: Date,
  consolidatedBy: string,
): Promise<DeclarationData> {
  const card = await institutionCard(db, sie);
  const rows = await declarationRowsOf(db, sie, year);
  const declarationRows = rows.map(({ shiftId: _s, levelId: _l, ...r }) => r);
  return {
    sie,
    name: card.name,
    typeName: card.typeName,
    codeType: card.codeType,
    district: card.districtName,
    department: card.departmentName,
    year,
    consolidatedAt,
    consolidatedBy,
    rows: declarationRows,
    totals: sum(declarationRows),
    students: (await studentDetails(db, sie, year)).map((s) => ({
      shiftId: s.shiftId,
      levelId: s.levelId,
      gradeId: s.gradeId,
      parallelId: s.parallelId,
      rude: s.rude,
      student: [s.firstLastName, s.secondLastName, s.name].filter(Boolean).join(' '),
      birthDate: s.birthDate,
      titularCarnet: s.titularCarnet,
      titularName: s.titularName,
      titularType: s.titularType,
    })),
  };
}
