import { holderMessages, type StudentRow } from '@bjp/domain';
import { Button, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { WithBlockedBadge } from '../../ui/BlockedBadge';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { genderColumn } from '../../ui/student-columns';
import { useStudents } from './api';

type Props = {
  sie: number;
  course: number | null;
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (student: StudentRow) => void;
};

const blockerText: Record<NonNullable<StudentRow['editBlocker']>, string> = {
  consolidated: 'Lista consolidada',
  period_closed: 'Periodo de registro cerrado',
  identity: holderMessages.identityWarning,
  removed: 'Estudiante dado de baja',
  read_only: 'Solo lectura',
};

const statusColor = (s: StudentRow) =>
  s.status === 'registered'
    ? 'green'
    : s.status === 'registered_elsewhere'
      ? 'teal'
      : s.status === 'pending'
        ? 'orange'
        : 'gray';

/** The status button: opens the titular modal when allowed, otherwise a disabled label saying why. */
function StatusButton({ student, onOpen }: { student: StudentRow; onOpen: Props['onOpen'] }) {
  const button = (
    <Button
      size="compact-xs"
      variant={student.status === 'pending' ? 'filled' : 'light'}
      color={statusColor(student)}
      disabled={student.editBlocker !== null}
      onClick={() => onOpen(student)}
      aria-label={`${student.statusLabel}: ${student.name} ${student.paterno}`}
    >
      {student.statusLabel}
    </Button>
  );
  if (!student.editBlocker) return button;
  return (
    <Tooltip label={blockerText[student.editBlocker]} multiline w={260} withArrow>
      <span>{button}</span>
    </Tooltip>
  );
}

/**
 * The 'Estudiantes' list: ID, RUDE, Paterno, Materno, Nombre (with 'Bloqueado' when blocked), gender,
 * identity warning, status.
 */
export function StudentTable({ sie, course, page, onPageChange, onOpen }: Props) {
  const list = useStudents(sie, course, page);
  const columns: Column<StudentRow>[] = [
    { key: 'id', header: 'ID', render: (s) => s.number, width: 60 },
    { key: 'rude', header: 'RUDE', render: (s) => s.rude },
    { key: 'paterno', header: 'Paterno', render: (s) => s.paterno },
    { key: 'materno', header: 'Materno', render: (s) => s.materno },
    {
      key: 'name',
      header: 'Nombre',
      render: (s) => <WithBlockedBadge blocked={s.blocked}>{s.name}</WithBlockedBadge>,
    },
    genderColumn(36, 'center'),
    {
      key: 'warning',
      header: '',
      width: 36,
      align: 'center',
      render: (s) =>
        s.identityValidated ? null : (
          <Tooltip label={holderMessages.identityWarning} multiline w={280} withArrow>
            <IconAlertTriangle
              size={18}
              color="var(--mantine-color-yellow-7)"
              aria-label={holderMessages.identityWarning}
            />
          </Tooltip>
        ),
    },
    { key: 'status', header: 'Estado', render: (s) => <StatusButton student={s} onOpen={onOpen} /> },
  ];

  return (
    <QueryTable
      query={list}
      columns={columns}
      rowKey={(s) => s.inscriptionId}
      page={page}
      onPageChange={onPageChange}
      emptyText="No hay estudiantes inscritos."
      minWidth={640}
      data-testid="students-table"
    />
  );
}
