import { Alert, Grid, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { errorMessage } from '../../app/api';
import { notifyError } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { InstitutionCard, useInstitutionCard } from '../structure';
import { usePaidReport, usePaidState } from './api';
import { ConsolidatePanel } from './ConsolidatePanel';
import { DetailStatus } from './DetailStatus';
import { InstitutionFinder } from './InstitutionFinder';
import { PaidReportTable } from './PaidReportTable';
import { TitularList } from './TitularList';
import { TitularStudents } from './TitularStudents';

type Variant = 'admin' | 'principal';

/**
 * The school, the chosen holder and the two lists' pages in the address (?sie=&titular=&page=&spage=):
 * another school starts both lists again at page 1.
 */
const paidParams = {
  sie: urlParam.int(),
  titular: urlParam.int({ resetsPage: false }),
  page: urlParam.page(),
  spage: urlParam.page(),
};

/** The chosen school's right panel: 'DETALLE ESTADO', the report once consolidated, the holders. */
function SchoolPanel({
  sie,
  personId,
  onOpen,
  onBack,
}: {
  sie: number;
  personId: number | null;
  onOpen: (personId: number) => void;
  onBack: () => void;
}) {
  const state = usePaidState(sie);
  const report = usePaidReport(sie, Boolean(state.data?.consolidation));
  if (state.isError) return <Alert color="red">{errorMessage(state.error)}</Alert>;
  if (!state.data) return <Loader size="sm" />;
  return (
    <Stack gap="md">
      <DetailStatus state={state.data} />
      {report.data && <PaidReportTable report={report.data} />}
      {personId === null ? (
        <TitularList sie={sie} year={state.data.year} onOpen={onOpen} />
      ) : (
        <TitularStudents sie={sie} personId={personId} canValidate={state.data.canValidate} onBack={onBack} />
      )}
    </Stack>
  );
}

/**
 * 'Validación Pagados' (part 2 §2.5). The school and the chosen holder live in the address
 * (?sie=&titular=), so the browser's back button and a reload keep the place.
 */
function PaidValidationPage({ variant }: { variant: Variant }) {
  const [{ sie, titular: personId }, set] = useUrlState(paidParams);
  const card = useInstitutionCard(sie);
  const state = usePaidState(card.data ? sie : null);

  useEffect(() => {
    if (!card.isError) return;
    notifyError(errorMessage(card.error));
    set({ sie: null, titular: null }, { history: 'replace' });
  }, [card.isError, card.error, set]);

  const open = (titular: number) => set({ titular, spage: 1 });
  return (
    <Stack>
      <PageHeader title="Validación Pagados" breadcrumbs={['Reporte Pagados BJP', 'Validación Pagados']} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Stack gap="md">
            {card.data && sie !== null ? (
              <InstitutionCard
                card={card.data}
                onChange={() => set({ sie: null, titular: null })}
                changeLabel="Cambiar Institución"
              />
            ) : (
              <Paper withBorder radius="md" p="md">
                <InstitutionFinder
                  variant={variant}
                  loading={card.isFetching}
                  onSearch={(code) => set({ sie: code, titular: null })}
                />
              </Paper>
            )}
            <ConsolidatePanel sie={card.data ? sie : null} state={card.data ? state.data : undefined} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          {card.data && sie !== null ? (
            <SchoolPanel
              sie={sie}
              personId={personId}
              onOpen={open}
              onBack={() => set({ titular: null, spage: 1 })}
            />
          ) : (
            <Paper withBorder radius="md" p="xl">
              <Text c="dimmed" ta="center">
                {variant === 'admin'
                  ? 'Busque una institución por su código SIE.'
                  : 'Seleccione una de sus instituciones y presione Buscar.'}
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export const PaidAdminPage = () => <PaidValidationPage variant="admin" />;
export const PaidPrincipalPage = () => <PaidValidationPage variant="principal" />;
