import { Center, Loader, Stack } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { ClosedYearBanner, useGestion, YearSelector } from '../../app/year';
import { PageHeader } from '../../ui/PageHeader';
import { type PaymentRange, useDepartmentPaidStats, useInstitutionCompletion, useSystemStats } from './api';
import { useDeferredQuery } from './deferred-query';
import { useTurn } from './WhenNear';

// The header is drawn at once; the charts' chunk and the statistics are fetched side by side. The
// chunk is requested when this screen's code arrives, beside the layout's first render rather than
// after it (one round trip less before the charts on a slow line, issue 14).
const panels = import('./DashboardPanels');
const DashboardPanels = lazy(() => panels.then((m) => ({ default: m.DashboardPanels })));

/** The national progress of the gestión chosen in the header (a closed one read only, decision 040). */
export function DashboardPage() {
  const [range, setRange] = useState<PaymentRange>({});
  // Another gestión has other payment days: its charts start from all dates.
  const gestion = useGestion(() => setRange({}));
  // The panels follow each answer in a deferred render, which React splits into slices: a query's
  // update is synchronous, and the whole dashboard redrawn at once was a long task (issue 14).
  const paid = useDeferredQuery(useDepartmentPaidStats(range, gestion.query));
  const systems = useDeferredQuery(useSystemStats(range, gestion.query));
  const schools = useDeferredQuery(useInstitutionCompletion(gestion.query));
  // The panels are mounted a task after the layout and this header: committed together they were
  // one long task (React's commit is not sliced, issue 14).
  const turn = useTurn();
  const waiting = (
    // As tall as the screen: the footer stays below it, so the panels' arrival moves nothing in view
    // (Lighthouse's layout shift).
    <Center mih="100vh">
      <Loader size="sm" aria-label="Cargando gráficos" />
    </Center>
  );

  return (
    <Stack>
      <PageHeader
        title="Dashboard"
        breadcrumbs={['Dashboard']}
        description="Avance nacional del pago del bono"
        actions={<YearSelector gestion={gestion} />}
      />
      <ClosedYearBanner gestion={gestion} />
      {turn ? (
        <Suspense fallback={waiting}>
          <DashboardPanels
            range={range}
            setRange={setRange}
            paid={paid}
            systems={systems}
            schools={schools}
            closedYear={gestion.closed ? gestion.year : undefined}
          />
        </Suspense>
      ) : (
        waiting
      )}
    </Stack>
  );
}
