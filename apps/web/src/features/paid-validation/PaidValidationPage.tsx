import { Alert, Grid, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../app/api';
import { notifyError } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { useInstitutionCard } from '../structure/api';
import { InstitutionCard } from '../structure/InstitutionCard';
import { usePaidReport, usePaidState } from './api';
import { ConsolidatePanel } from './ConsolidatePanel';
import { DetailStatus } from './DetailStatus';
import { InstitutionFinder } from './InstitutionFinder';
import { PaidReportTable } from './PaidReportTable';
import { TitularList } from './TitularList';
import { TitularStudents } from './TitularStudents';

type Variant = 'admin' | 'principal';

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
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
  const [params, setParams] = useSearchParams();
  const sie = positive(params.get('sie'));
  const personId = positive(params.get('titular'));
  const card = useInstitutionCard(sie);
  const state = usePaidState(card.data ? sie : null);

  useEffect(() => {
    if (!card.isError) return;
    notifyError(errorMessage(card.error));
    setParams({});
  }, [card.isError, card.error, setParams]);

  const open = (titular: number) => setParams({ sie: String(sie), titular: String(titular) });
  return (
    <Stack>
      <PageHeader title="Validación Pagados" breadcrumbs={['Reporte Pagados BJP', 'Validación Pagados']} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Stack gap="md">
            {card.data && sie !== null ? (
              <InstitutionCard
                card={card.data}
                onChange={() => setParams({})}
                changeLabel="Cambiar Institución"
              />
            ) : (
              <Paper withBorder radius="md" p="md">
                <InstitutionFinder
                  variant={variant}
                  loading={card.isFetching}
                  onSearch={(code) => setParams({ sie: String(code) })}
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
              onBack={() => setParams({ sie: String(sie) })}
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
