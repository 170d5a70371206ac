import type { StudentPaymentRow } from '@bjp/domain';
import { WithBlockedBadge } from '../../ui/BlockedBadge';
import { BonusStateBadge } from '../../ui/BonusStateBadge';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { genderColumn } from '../../ui/student-columns';
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
  genderColumn(40),
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
  year,
  onPageChange: setPage,
}: {
  sie: number;
  courseId: number | null;
  page: number;
  year?: number;
  onPageChange: (page: number) => void;
}) {
  const query = useInstitutionStudents(sie, courseId, page, year);
  return (
    <QueryTable
      query={query}
      data-testid="students-table"
      columns={columns}
      rowKey={(r) => r.rude}
      page={page}
      onPageChange={setPage}
      emptyText="No hay estudiantes."
    />
  );
}
