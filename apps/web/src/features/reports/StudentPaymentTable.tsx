import type { StudentPaymentRow } from '@bjp/domain';
import { IconGenderFemale, IconGenderMale } from '@tabler/icons-react';
import { WithBlockedBadge } from '../../ui/BlockedBadge';
import { BonusStateBadge } from '../../ui/BonusStateBadge';
import { type Column, DataTable } from '../../ui/DataTable';
import { useInstitutionStudents } from './api';

const columns: Column<StudentPaymentRow>[] = [
  { key: 'id', header: 'ID', render: (r) => r.rowNumber, width: 50 },
  { key: 'rude', header: 'RUDE', render: (r) => r.rude },
  { key: 'paterno', header: 'Paterno', render: (r) => r.firstLastName },
  { key: 'materno', header: 'Materno', render: (r) => r.secondLastName },
  {
    key: 'name',
    header: 'Nombre',
    render: (r) => <WithBlockedBadge blocked={r.blocked}>{r.name}</WithBlockedBadge>,
  },
  {
    key: 'gender',
    header: '',
    width: 40,
    render: (r) =>
      r.gender === 1 ? (
        <IconGenderMale size={18} color="var(--mantine-color-blue-6)" aria-label="Masculino" />
      ) : (
        <IconGenderFemale size={18} color="var(--mantine-color-pink-6)" aria-label="Femenino" />
      ),
  },
  {
    key: 'state',
    header: 'Estado',
    render: (r) => <BonusStateBadge state={r.state} />,
  },
  { key: 'bank', header: 'Banco', render: (r) => r.bank ?? '—' },
];

/** 'Estado Cobro de Estudiantes', 10 a page, optionally one course. */
export function StudentPaymentTable({
  sie,
  courseId,
  page,
  onPageChange: setPage,
}: {
  sie: number;
  courseId: number | null;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const query = useInstitutionStudents(sie, courseId, page);
  return (
    <DataTable
      data-testid="students-table"
      columns={columns}
      rows={query.data?.items ?? []}
      rowKey={(r) => r.rude}
      page={page}
      pageSize={query.data?.pageSize ?? 10}
      total={query.data?.total ?? 0}
      onPageChange={setPage}
      loading={query.isFetching}
      emptyText="No hay estudiantes."
    />
  );
}
