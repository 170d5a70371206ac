import { type AdjustmentStudentRow, adjustmentKindLabels } from '@bjp/domain';
import { Badge, Button, Paper, Stack, Title } from '@mantine/core';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { studentTitularColumns } from '../../ui/student-columns';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import type { CourseSelection } from '../structure';
import { useAdjustmentStudents } from './api';

const courseListParams = { page: urlParam.page() };

/**
 * The students of the course chosen in the 'Lista' (issue 16: choosing a course used to do nothing).
 * 'Ver' puts the student in the RUDE/RUDEE finder above, where 'Titular Cobro' opens the modal.
 */
export function CourseStudents({
  sie,
  selection,
  onPick,
}: {
  sie: number;
  selection: CourseSelection;
  onPick: (rude: string) => void;
}) {
  // `page` with the school and course (InstitutionBrowser resets it when either changes).
  const [{ page }, set] = useUrlState(courseListParams);
  const setPage = (next: number) => set({ page: next });
  const course = selection.kind === 'course' ? selection.courseId : undefined;
  const list = useAdjustmentStudents(sie, course, page);
  const columns: Column<AdjustmentStudentRow>[] = [
    ...studentTitularColumns<AdjustmentStudentRow>(),
    {
      key: 'adjustment',
      header: 'AJUSTE',
      render: (r) =>
        r.removed ? (
          <Badge color="red">Baja</Badge>
        ) : r.adjustmentKind ? (
          <Badge variant="light" color="gray">
            {adjustmentKindLabels[r.adjustmentKind]}
          </Badge>
        ) : (
          '—'
        ),
    },
    {
      key: 'open',
      header: '',
      render: (r) => (
        <Button size="xs" variant="light" onClick={() => onPick(r.rude)} aria-label={`Ver ${r.student}`}>
          Ver
        </Button>
      ),
    },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={5}>{selection.label}</Title>
        <QueryTable
          query={list}
          data-testid="adjustment-course-students"
          columns={columns}
          rowKey={(r) => r.inscriptionId}
          page={page}
          onPageChange={setPage}
          minWidth={900}
        />
      </Stack>
    </Paper>
  );
}
