import { IconGenderFemale, IconGenderMale } from '@tabler/icons-react';
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

/** The gender icon column (1 masculino, 2 femenino), named for screen readers. */
export function genderColumn<R extends { gender: number }>(
  width: number,
  align?: Column<R>['align'],
): Column<R> {
  return {
    key: 'gender',
    header: '',
    width,
    align,
    render: (r) =>
      r.gender === 1 ? (
        <IconGenderMale size={18} color="var(--mantine-color-blue-6)" aria-label="Masculino" />
      ) : (
        <IconGenderFemale size={18} color="var(--mantine-color-pink-6)" aria-label="Femenino" />
      ),
  };
}
