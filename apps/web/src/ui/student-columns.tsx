import { WithBlockedBadge } from './BlockedBadge';
import type { Column } from './DataTable';

/** A student of a course list with their titular (adjustments' 'Lista', removals' course table). */
type StudentWithTitular = {
  number: number;
  rude: string;
  student: string;
  blocked: boolean;
  titularCarnet: string | null;
  titular: string | null;
};

const dash = (v: string | null) => v ?? '—';

/** The first columns of a course's students: ID, RUDE, the student (blocked marked), the titular's CI and name. */
export function studentTitularColumns<R extends StudentWithTitular>(): Column<R>[] {
  return [
    { key: 'id', header: 'ID', render: (r) => r.number, width: 60 },
    { key: 'rude', header: 'CÓDIGO RUDE', render: (r) => r.rude },
    {
      key: 'student',
      header: 'ESTUDIANTE',
      render: (r) => <WithBlockedBadge blocked={r.blocked}>{r.student}</WithBlockedBadge>,
    },
    { key: 'ci', header: 'NRO DOCUMENTO IDENTIDAD TITULAR', render: (r) => dash(r.titularCarnet) },
    { key: 'titular', header: 'TITULAR', render: (r) => dash(r.titular) },
  ];
}
