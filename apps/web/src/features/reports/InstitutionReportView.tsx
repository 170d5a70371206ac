import { type InstitutionReport, reportMessages } from '@bjp/domain';
import { Badge, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { apiPath } from '../../app/api-path';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { CourseList } from './CourseList';
import { DownloadButtons } from './DownloadButtons';
import { InstitutionPies } from './InstitutionPies';
import { StudentPaymentTable } from './StudentPaymentTable';

/** The course and the students' page (the keys of InstitutionReportPage's declaration). */
const courseParams = { course: urlParam.int(), page: urlParam.page() };

/** 'Reporte Institución': card, pies, level/course list, student payment table and the PDF. */
export function InstitutionReportView({
  report,
  onChange,
  year,
}: {
  report: InstitutionReport;
  onChange?: () => void;
  /** A closed gestión the report is of (undefined for the open one): its table and documents too. */
  year?: number;
}) {
  const [{ course: courseId, page }, set] = useUrlState(courseParams);
  const setCourseId = (course: number | null) => set({ course });
  const { institution } = report;
  return (
    <Stack>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap" align="flex-start">
          <Stack gap={2}>
            <Title order={4} data-testid="institution-name">
              {institution.name}
            </Title>
            <Text size="sm">
              {institution.typeName} · SIE {institution.id} · {institution.districtName} —{' '}
              {institution.departmentName}
            </Text>
            <Group gap="xs">
              <Badge variant="light">Gestión: {report.year}</Badge>
              <Badge variant="light" color="gray">
                {institution.dependencyName} · {institution.areaName}
              </Badge>
              <Badge color={institution.consolidated ? 'green' : 'orange'}>
                {institution.consolidated ? 'CONCLUIDO' : 'PENDIENTE'}
              </Badge>
            </Group>
          </Stack>
          <Stack gap="xs" align="flex-end">
            {report.studentsReportAvailable && (
              <DownloadButtons
                path={apiPath('/reports/institutions/{sie}/document', { sie: institution.id })}
                query={{ year }}
                pdfLabel={reportMessages.studentsReportTitle}
              />
            )}
            {onChange && (
              <Text
                component="button"
                type="button"
                c="blue"
                size="sm"
                onClick={onChange}
                style={{ background: 'none', border: 0, cursor: 'pointer' }}
              >
                Cambiar Institución
              </Text>
            )}
          </Stack>
        </Group>
      </Paper>
      <InstitutionPies report={report} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder radius="md" p="xs">
            <Title order={6} p="xs">
              Lista
            </Title>
            <CourseList levels={report.levels} courseId={courseId} onSelect={setCourseId} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Paper withBorder radius="md" p="md">
            <Title order={5} mb="sm">
              Estado Cobro de Estudiantes
            </Title>
            <StudentPaymentTable
              sie={institution.id}
              courseId={courseId}
              page={page}
              year={year}
              onPageChange={(next) => set({ page: next })}
            />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
