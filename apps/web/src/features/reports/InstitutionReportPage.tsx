import { trackingMessages } from '@bjp/domain';
import { Alert, Button, Group, Loader, Paper, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { ClosedYearBanner, useGestion, YearSelector } from '../../app/year';
import { CodeFinder } from '../../ui/CodeFinder';
import { PageHeader } from '../../ui/PageHeader';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { useInstitutionOptions, useInstitutionReport } from './api';
import { InstitutionReportView } from './InstitutionReportView';

/**
 * The school, the course of 'Estado Cobro de Estudiantes' and its page in the address
 * (?sie=&course=&page=): another school or course starts the table again at page 1.
 */
export const institutionReportParams = {
  sie: urlParam.int(),
  course: urlParam.int(),
  page: urlParam.page(),
};

/** /reports/institution (SIE code) and /reports/ue-principal (the director's schools). */
export function InstitutionReportPage({ mode }: { mode: 'admin' | 'principal' }) {
  // The tracking table links here with ?sie= so staff go straight from a school to its report.
  const [{ sie }, set] = useUrlState(institutionReportParams);
  const setSie = (next: number | null) => set({ sie: next, course: null });
  const [choice, setChoice] = useState<string | null>(null);
  const options = useInstitutionOptions(mode === 'principal');
  const gestion = useGestion();
  const report = useInstitutionReport(sie, gestion.query);
  const noSchools = mode === 'principal' && options.isSuccess && options.data.items.length === 0;

  return (
    <Stack>
      <PageHeader
        title={mode === 'admin' ? 'Reporte Institución' : 'Reporte UE/CEE'}
        breadcrumbs={['Reportes']}
        actions={<YearSelector gestion={gestion} />}
      />
      <ClosedYearBanner gestion={gestion} />
      {/* An unknown code keeps the finder in view under its message, to type another one. */}
      {(sie === null || report.isError) && (
        <Paper withBorder radius="md" p="md" maw={560}>
          {mode === 'admin' ? (
            <CodeFinder
              label="Código SIE"
              emptyMessage={trackingMessages.sieCodeRequired}
              onSearch={(v) => setSie(Number(v))}
              maxLength={10}
            />
          ) : (
            <Group align="flex-end" wrap="nowrap">
              <Select
                label="Seleccione Institución"
                placeholder="Seleccione Institución"
                data={(options.data?.items ?? []).map((i) => ({
                  value: String(i.id),
                  label: `${i.id} - ${i.name}`,
                }))}
                value={choice}
                onChange={setChoice}
                style={{ flex: 1 }}
              />
              <Button onClick={() => choice && setSie(Number(choice))} disabled={!choice}>
                Buscar
              </Button>
            </Group>
          )}
        </Paper>
      )}
      {noSchools && <Alert color="red">{trackingMessages.invalidUser}</Alert>}
      {report.isError && <Alert color="red">{errorMessage(report.error)}</Alert>}
      {report.isLoading && <Loader mx="auto" />}
      {report.data && sie !== null && (
        <InstitutionReportView
          key={`${sie}-${gestion.year}`}
          report={report.data}
          year={gestion.query}
          onChange={() => {
            // Back to the choice with the school just seen selected, also when it came from the address.
            setChoice(String(sie));
            setSie(null);
          }}
        />
      )}
    </Stack>
  );
}

export const AdminInstitutionReportPage = () => <InstitutionReportPage mode="admin" />;
export const PrincipalInstitutionReportPage = () => <InstitutionReportPage mode="principal" />;
