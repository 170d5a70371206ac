import { formatDate, type RemovalHistoryRow, type RemovalStudentRow, removalMessages } from '@bjp/domain';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { studentTitularColumns } from '../../ui/student-columns';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import type { CourseSelection } from '../structure';
import { useRemovalHistory, useRemovalStudents } from './api';

const ci = (v: string | null) => v ?? '—';
const studentColumns: Column<RemovalStudentRow>[] = [
  ...studentTitularColumns<RemovalStudentRow>(),
  {
    key: 'request',
    header: 'SOLICITUD',
    render: (r) =>
      r.removedAt ? <Badge color="red">Baja</Badge> : <Badge variant="light">Beneficiario</Badge>,
  },
];

const studentListParams = { page: urlParam.page() };
/** The department's history pages on its own key (another school leaves it where it was). */
const historyParams = { rpage: urlParam.page() };

/** Table 1: the chosen course's students (or a special centre's 'Estudiantes Habilitados'). */
export function RemovalStudents({ sie, selection }: { sie: number; selection: CourseSelection | null }) {
  // `page` with the school and course (InstitutionBrowser resets it when either changes).
  const [{ page }, set] = useUrlState(studentListParams);
  const setPage = (next: number) => set({ page: next });
  const course = selection?.kind === 'course' ? selection.courseId : undefined;
  const list = useRemovalStudents(sie, course, page);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={5}>{selection ? selection.label : 'Todos los estudiantes'}</Title>
        <QueryTable
          query={list}
          data-testid="removal-students"
          columns={studentColumns}
          rowKey={(r) => r.inscriptionId}
          page={page}
          onPageChange={setPage}
          minWidth={820}
        />
      </Stack>
    </Paper>
  );
}

const historyColumns: Column<RemovalHistoryRow>[] = [
  { key: 'id', header: 'ID', render: (r) => r.id, width: 60 },
  { key: 'rude', header: 'CÓDIGO RUDE', render: (r) => r.rude },
  { key: 'student', header: 'ESTUDIANTE', render: (r) => r.student },
  { key: 'ci', header: 'NRO DOCUMENTO IDENTIDAD TITULAR', render: (r) => ci(r.titularCarnet) },
  { key: 'titular', header: 'TITULAR', render: (r) => ci(r.titular) },
  { key: 'request', header: 'SOLICITUD', render: (r) => r.request },
  { key: 'reason', header: 'MOTIVO', render: (r) => r.reason ?? '—' },
  {
    key: 'state',
    header: 'ESTADO',
    // state_id 1 with a primary badge, the others with a success badge (part 2 §2.4).
    render: (r) => (
      <Badge color={r.stateId === 1 ? 'blue' : 'green'} styles={{ label: { overflow: 'visible' } }}>
        {r.state}
      </Badge>
    ),
  },
  {
    key: 'at',
    header: 'FECHA',
    render: (r) => formatDate(r.removedAt),
  },
];

/** Table 2 'Historial Baja Beneficiarios' of the department, with the state column. */
export function RemovalHistory({ departmentId }: { departmentId: number }) {
  const [{ rpage: page }, set] = useUrlState(historyParams);
  const setPage = (next: number) => set({ rpage: next });
  const list = useRemovalHistory(departmentId, page);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={4}>{removalMessages.heading}</Title>
        <Text size="sm" c="dimmed">
          Bajas registradas en el departamento; 'ENVIADA A SINTESIS' cuando el lote que la llevó fue
          sincronizado.
        </Text>
        <QueryTable
          query={list}
          data-testid="removal-history"
          columns={historyColumns}
          page={page}
          onPageChange={setPage}
          emptyText="No hay bajas registradas."
          minWidth={1250}
        />
      </Stack>
    </Paper>
  );
}
