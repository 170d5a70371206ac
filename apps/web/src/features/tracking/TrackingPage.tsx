import { isAdministrator, trackingMessages } from '@bjp/domain';
import { Alert, Loader, Paper, Stack } from '@mantine/core';
import { errorMessage } from '../../app/api';
import { useSessionUser } from '../../app/auth/session';
import { ClosedYearBanner, useGestion, YearSelector } from '../../app/year';
import { CodeFinder } from '../../ui/CodeFinder';
import { PageHeader } from '../../ui/PageHeader';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { type Level, useOwnPlace, useTrackingOverview } from './api';
import { SieLookup } from './SieLookup';
import { noTrackingFilters, TrackingPlaceView, trackingFilterParams } from './TrackingPlaceView';

/** The place an administrator searched (?place=), with the filters it resets. */
const trackingPageParams = { place: urlParam.int(), ...trackingFilterParams };

type Props = { level: Level; mode: 'admin' | 'user'; withSieLookup?: boolean };

const finder = {
  department: { label: 'Código de Departamento', empty: trackingMessages.departmentCodeRequired },
  district: { label: 'Código de Distrito', empty: trackingMessages.districtCodeRequired },
};

/** Seguimiento Operativo BJP at department or district level; admin (finder) or the user's own place. */
export function TrackingPage({ level, mode, withSieLookup = false }: Props) {
  const user = useSessionUser();
  const isAdmin = user ? isAdministrator(user) : false;
  const [{ place: code }, set] = useUrlState(trackingPageParams);
  // Another place starts with no filters and at page 1.
  const setCode = (place: number | null) => set({ place, ...noTrackingFilters });
  // Another gestión lists its schools from the first page.
  const gestion = useGestion(() => set({ page: 1 }));
  const own = useOwnPlace(level, mode === 'user');
  const id = mode === 'user' ? (own.data?.id ?? null) : code;
  const overview = useTrackingOverview(level, id, gestion.query);
  // Spec §2.7: 'Cambiar Departamento' only for administrators; the district finder stays visible.
  const showFinder = mode === 'admin' && (level === 'district' || code === null);

  return (
    <Stack>
      <PageHeader
        title="Seguimiento Operativo BJP"
        breadcrumbs={['Seguimiento', level === 'department' ? 'Departamental' : 'Distrital']}
        actions={<YearSelector gestion={gestion} />}
      />
      <ClosedYearBanner gestion={gestion} />
      {showFinder && (
        <Paper withBorder radius="md" p="md" maw={480}>
          <CodeFinder
            label={finder[level].label}
            emptyMessage={finder[level].empty}
            onSearch={(v) => setCode(Number(v))}
            loading={overview.isFetching}
            maxLength={8}
          />
        </Paper>
      )}
      {withSieLookup && <SieLookup year={gestion.query} />}
      {own.isError && <Alert color="red">{errorMessage(own.error, trackingMessages.invalidUser)}</Alert>}
      {overview.isError && <Alert color="red">{errorMessage(overview.error)}</Alert>}
      {overview.isLoading && <Loader mx="auto" />}
      {overview.data && (
        <TrackingPlaceView
          key={`${level}${overview.data.place.id}`}
          overview={overview.data}
          year={gestion.query}
          onChangePlace={
            mode === 'admin' && level === 'department' && isAdmin ? () => setCode(null) : undefined
          }
          changeLabel="Cambiar Departamento"
        />
      )}
    </Stack>
  );
}

export const DepartmentTrackingAdminPage = () => <TrackingPage level="department" mode="admin" />;
export const DepartmentTrackingUserPage = () => <TrackingPage level="department" mode="user" />;
export const DistrictTrackingAdminPage = () => <TrackingPage level="district" mode="admin" />;
export const DistrictTrackingUserPage = () => <TrackingPage level="district" mode="user" />;
/** /enable-validation-institution/depto: the user's department with the SIE-level lookup. */
export const PlaceTrackingPage = () => <TrackingPage level="department" mode="user" withSieLookup />;
