import { Alert, Button, Grid, Group, Loader, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../app/api';
import { useSessionUser } from '../../app/auth/session';
import { ClosedYearBanner, useGestion, YearSelector } from '../../app/year';
import { PageHeader } from '../../ui/PageHeader';
import { InstitutionCard, useInstitutionCard } from '../structure';
import { usePaidReport } from './api';
import { PaidReportTable } from './PaidReportTable';

/**
 * /paid-report/titular/{code}: the titular DDJJ report of one school (code = SIE) — the holders with
 * their totals, the 'SALDO A DEVOLVER EN BOLIVIANOS' and 'Descargar Reporte DDJJ' — once the school has
 * consolidated its paid validation; before, the server's reason.
 */
export function TitularReportPage() {
  const { code } = useParams();
  const sie = Number(code);
  const valid = Number.isInteger(sie) && sie > 0;
  const card = useInstitutionCard(valid ? sie : null);
  const gestion = useGestion();
  const report = usePaidReport(sie, valid && Boolean(card.data), gestion.query);
  // Directors go back to their own variant; everyone else to the code finder.
  const page = useSessionUser()?.scope.kind === 'institutions' ? 'principal-report' : 'admin-report';
  return (
    <Stack>
      <PageHeader
        title="Reporte DDJJ Titular"
        breadcrumbs={['Reporte Pagados BJP', 'Reporte DDJJ Titular']}
        actions={
          <Group align="flex-end" gap="sm">
            <YearSelector gestion={gestion} />
            <Button
              component={Link}
              to={valid ? `/paid-report/${page}?sie=${sie}` : `/paid-report/${page}`}
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              Volver
            </Button>
          </Group>
        }
      />
      <ClosedYearBanner gestion={gestion} />
      {!valid && <Alert color="red">Ingrese un código válido.</Alert>}
      {card.isError && <Alert color="red">{errorMessage(card.error)}</Alert>}
      {card.data && (
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
            <InstitutionCard card={card.data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
            {report.isPending && <Loader size="sm" />}
            {report.isError && <Alert color="yellow">{errorMessage(report.error)}</Alert>}
            {report.data && <PaidReportTable report={report.data} closed={gestion.closed} />}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
