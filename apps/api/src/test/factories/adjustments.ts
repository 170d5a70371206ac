import type { AdjustmentKind } from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import { titularAdjustments } from '../../db/schema/index.js';

/** History rows as the adjustments screen would have left them (for list, filter and paging tests). */
export async function makeAdjustmentRows(
  db: Executor,
  rows: Array<{
    inscriptionId: number;
    institutionId: number;
    districtId: number;
    departmentId: number;
    rude: string;
    studentName: string;
    kind?: AdjustmentKind;
    titularCarnet?: string;
    titularName?: string;
    holderTypeId?: number;
    createdAt?: string;
  }>,
) {
  if (rows.length === 0) return [];
  return db
    .insert(titularAdjustments)
    .values(
      rows.map((r) => ({
        inscriptionId: r.inscriptionId,
        year: 2025,
        institutionId: r.institutionId,
        districtId: r.districtId,
        departmentId: r.departmentId,
        kind: r.kind ?? 'CAMBIO TITULAR',
        rude: r.rude,
        studentName: r.studentName,
        titularCarnet: r.titularCarnet ?? '1234567',
        titularName: r.titularName ?? 'ANA MAMANI',
        holderTypeId: r.holderTypeId ?? 1,
        createdAt: new Date(r.createdAt ?? '2025-11-18T15:00:00Z'),
      })),
    )
    .returning({ id: titularAdjustments.id });
}
