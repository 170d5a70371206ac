import { trackingMessages } from '@bjp/domain';
import { Alert, Loader, Paper, Stack } from '@mantine/core';
import { errorMessage } from '../../app/api';
import { ClosedYearBanner, useGestion, YearSelector } from '../../app/year';
import { CodeFinder } from '../../ui/CodeFinder';
import { PageHeader } from '../../ui/PageHeader';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { type PlaceLevel, usePlaceReport, useUserPlace } from './api';
import { PlaceReportView } from './PlaceReportView';

/** The place an administrator searched (?place=), kept on reload and Back. */
const placeParams = { place: urlParam.int() };

type Props = { level: PlaceLevel; mode: 'admin' | 'user' };

const titles: Record<PlaceLevel, { page: string; heading: string }> = {
  national: { page: 'Reporte Nacional BJP', heading: 'Reporte de pago BJP - Nacional' },
  department: { page: 'Reporte Departamental BJP', heading: 'Reporte de pago BJP - Departamento' },
  district: { page: 'Reporte Distrito BJP', heading: 'Reporte de pago BJP - Distrito' },
};

const finders = {
  department: { label: 'Código de Departamento', empty: trackingMessages.departmentCodeRequired },
  district: { label: 'Código de Distrito', empty: trackingMessages.districtCodeRequired },
};

/** National (loads on entry), departmental and district reports, admin (finder) and user variants. */
export function PlaceReportPage({ level, mode }: Props) {
  const [{ place: code }, set] = useUrlState(placeParams);
  const setCode = (place: number) => set({ place });
  const ownLevel = level === 'national' ? 'department' : level;
  const own = useUserPlace(ownLevel, mode === 'user' && level !== 'national');
  const id = level === 'national' ? null : mode === 'user' ? (own.data?.id ?? null) : code;
  const gestion = useGestion();
  const report = usePlaceReport(level, id, gestion.query);
  const finder = level !== 'national' && mode === 'admin' ? finders[level] : null;

  return (
    <Stack>
      <PageHeader
        title={titles[level].page}
        breadcrumbs={['Reportes']}
        actions={<YearSelector gestion={gestion} />}
      />
      <ClosedYearBanner gestion={gestion} />
      {finder && (
        <Paper withBorder radius="md" p="md" maw={480}>
          <CodeFinder
            label={finder.label}
            emptyMessage={finder.empty}
            onSearch={(value) => setCode(Number(value))}
            loading={report.isFetching}
            maxLength={8}
          />
        </Paper>
      )}
      {own.isError && <Alert color="red">{errorMessage(own.error, trackingMessages.invalidUser)}</Alert>}
      {report.isError && <Alert color="red">{errorMessage(report.error)}</Alert>}
      {report.isLoading && <Loader mx="auto" />}
      {report.data && (
        <PlaceReportView report={report.data} heading={titles[level].heading} year={gestion.query} />
      )}
    </Stack>
  );
}

export const NationalReportPage = () => <PlaceReportPage level="national" mode="admin" />;
export const DepartmentalReportPage = () => <PlaceReportPage level="department" mode="admin" />;
export const UserDepartmentReportPage = () => <PlaceReportPage level="department" mode="user" />;
export const DistrictReportPage = () => <PlaceReportPage level="district" mode="admin" />;
export const UserDistrictReportPage = () => <PlaceReportPage level="district" mode="user" />;
