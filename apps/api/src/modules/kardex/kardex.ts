import { courseLabel, type Kardex, kardexMessages, sereciStatus, sereciStatusLabels } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { AppError } from '../../lib/errors.js';
import { studentNovelties } from '../declarations/index.js';
import { kardexHistory, kardexInscriptions, studentRowByRude } from './queries.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const fullName = (...parts: string[]) => parts.join(' ').replace(/\s+/g, ' ').trim();
const declarationKinds: Record<number, string> = { 1: 'Validación de pagados', 2: 'Registro de titulares' };

/**
 * 'Kardex del Estudiante': the student's whole history in the programme, oldest first, limited to
 * the inscriptions whose school is in the caller's place. A student with none there answers 404 like
 * an unknown RUDE, so a place-bound user cannot tell whether a RUDE exists elsewhere.
 */
export async function studentKardex(deps: AppDeps, rude: string, user: AuthUser): Promise<Kardex> {
  const db = deps.db;
  const student = await studentRowByRude(db, rude);
  if (!student) throw new AppError('not_found', kardexMessages.studentNotFound);
  const { enrolled, placeBound } = await kardexInscriptions(db, user, student.id);
  if (placeBound && enrolled.length === 0) throw new AppError('not_found', kardexMessages.studentNotFound);
  const [[titulars, sereci, blocks, paid, ledger, changes, adjusted, removed, declared], novelties] =
    await Promise.all([
      kardexHistory(db, student.id, enrolled, placeBound),
      studentNovelties(db, user, student.id),
    ]);
  const validations: Kardex['validations'] = [];
  if (student.segipId === 1)
    validations.push({ kind: 'SEGIP', at: null, detail: 'Cédula de identidad validada por SEGIP' });
  for (const v of sereci) {
    validations.push({
      kind: 'SERECI',
      at: iso(v.validatedAt),
      detail: `Oficialía ${v.oficialia}, Libro ${v.libro}, Partida ${v.partida}, Folio ${v.folio}`,
    });
  }
  return {
    student: {
      id: student.id,
      rude: student.rude,
      name: fullName(student.firstLastName, student.secondLastName, student.name),
      birthDate: student.birthDate,
      identity: sereciStatusLabels[sereciStatus(student)],
    },
    inscriptions: enrolled.map((i) => ({
      id: i.id,
      year: i.year,
      institution: i.institution,
      institutionId: i.institutionId,
      course: courseLabel(i),
      removedAt: iso(i.removedAt),
      bonusState: i.bonusState,
    })),
    titulars: titulars.map(({ t, p, relationship }) => ({
      id: t.id,
      carnet: p.complemento ? `${p.carnet}-${p.complemento}` : p.carnet,
      name: fullName(p.firstLastName, p.secondLastName, p.name),
      relationship,
      createdAt: iso(t.createdAt)!,
      removedAt: iso(t.removedAt),
    })),
    adjustments: adjusted.map((a) => ({
      id: a.id,
      year: a.year,
      kind: a.kind,
      titular: fullName(a.titularCarnet, a.titularName) || '—',
      createdAt: iso(a.createdAt)!,
      reenabledAt: iso(a.reenabledAt),
    })),
    removals: removed.map((r) => ({
      id: r.id,
      year: r.year,
      source: r.source,
      titular: fullName(r.titularCarnet ?? '', r.titularName ?? '') || null,
      reason: r.reason,
      createdAt: iso(r.createdAt)!,
    })),
    validations,
    blocks: blocks.map((b) => ({
      id: b.id,
      blockedAt: iso(b.blockedAt)!,
      observation: b.observation,
      unblockedAt: iso(b.unblockedAt),
      unblockObservation: b.unblockObservation,
    })),
    payments: paid.map((p) => ({
      paid: p.paid,
      paidOn: p.paidOn,
      bank: p.bank,
      mode: p.mode,
      syncedAt: iso(p.syncedAt)!,
    })),
    ledger: ledger.map((l) => {
      const values = (e: typeof l) => ({
        paidOn: e.paidOn,
        bank: e.bank,
        mode: e.mode,
        amountBob: e.amountBob,
        bankStatus: e.bankStatus,
      });
      const before = l.supersedesId === null ? undefined : ledger.find((e) => e.id === l.supersedesId);
      return {
        id: l.id,
        inscriptionId: l.inscriptionId,
        source: l.sourceKind as 'sync' | 'import' | 'migration' | 'manual',
        sourceId: l.sourceId,
        receivedAt: iso(l.receivedAt)!,
        after: values(l),
        before: before ? values(before) : null,
      };
    }),
    syncChanges: changes,
    declarations: declared.map((d) => ({
      id: d.id,
      year: d.year,
      institutionId: d.institutionId,
      kind: declarationKinds[d.kind] ?? String(d.kind),
      version: d.version,
      consolidatedAt: iso(d.consolidatedAt)!,
      consolidatedBy: d.consolidatedBy,
      verificationCode: d.verificationCode,
      superseded: d.supersededAt !== null,
    })),
    novelties,
  };
}
