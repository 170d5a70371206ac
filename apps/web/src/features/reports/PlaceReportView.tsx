import type { PlaceReport } from '@bjp/domain';
import { formatBOB } from '@bjp/domain';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { placeReportDocumentPath, placeReportExport } from './api';
import { DependenciesTable } from './DependenciesTable';
import { DownloadButtons } from './DownloadButtons';
import { PaymentCards } from './PaymentCards';
import { ResumeMatrix } from './ResumeMatrix';

const placeLine = (report: PlaceReport) => {
  const { place } = report;
  if (place.level === 'national') return 'Bolivia — todos los departamentos';
  if (place.level === 'department') return `Departamento: ${place.name} (${place.id})`;
  return `Distrito: ${place.name} (${place.id}) — ${place.departmentName}`;
};

/** Place info, payment cards, dependencies table and resume matrix, with the downloads. */
export function PlaceReportView({
  report,
  heading,
  year,
}: {
  report: PlaceReport;
  heading: string;
  /** A closed gestión (undefined for the open one): its documents are of that year. */
  year?: number;
}) {
  return (
    <Stack>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={4}>{heading}</Title>
            <Text data-testid="report-place">{placeLine(report)}</Text>
            <Group gap="xs">
              <Badge variant="light">Gestión: {report.year}</Badge>
              <Badge variant="light" color="gray">
                {formatBOB(report.amountPerStudent)} por estudiante
              </Badge>
            </Group>
          </Stack>
          <DownloadButtons
            path={placeReportDocumentPath(report.place.level, report.place.id)}
            query={{ year }}
            // National and department reports cover many schools: prepared as a job, of the open or
            // a closed year (a closed year's national figures take seconds to count). A district's
            // stays a direct download (one district's summary rows, a second or two).
            exportJob={placeReportExport(report.place.level, report.place.id, year)}
          />
        </Group>
      </Paper>
      <PaymentCards summary={report.summary} />
      <Paper withBorder radius="md" p="md">
        <Title order={5} mb="sm">
          {report.place.level === 'district'
            ? 'Operativo BJP — Resumen del Distrito'
            : 'Operativo BJP — Resumen por dependencia'}
        </Title>
        <DependenciesTable rows={report.dependencies} />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={5} mb="sm">
          Resumen por dependencia, área, nivel y grado
        </Title>
        <ResumeMatrix matrix={report.matrix} />
      </Paper>
    </Stack>
  );
}
