import { type ComponentProps, lazy, Suspense } from 'react';
import type { DepartmentBarChart as DepartmentBars } from './DepartmentBarChart';
import type { SystemsChart as Systems } from './SystemsChart';

/** Both bar charts are 260 px tall: the space is kept while their code arrives (still pending, as in WhenNear). */
const hold = <div style={{ height: 260 }} aria-hidden="true" data-chart-pending="" />;

const DepartmentBarChartCode = lazy(() =>
  import('./DepartmentBarChart').then((m) => ({ default: m.DepartmentBarChart })),
);
const SystemsChartCode = lazy(() => import('./SystemsChart').then((m) => ({ default: m.SystemsChart })));

/**
 * The bar charts' library (recharts, ~100 KB gzip, a long task to evaluate on a slow phone) is
 * fetched when the first bar chart comes near the screen, not with the dashboard: on a phone they
 * are below the pies and the summary (Lighthouse, issue 14).
 */
export function DepartmentBarChart(props: ComponentProps<typeof DepartmentBars>) {
  return (
    <Suspense fallback={hold}>
      <DepartmentBarChartCode {...props} />
    </Suspense>
  );
}

export function SystemsChart(props: ComponentProps<typeof Systems>) {
  return (
    <Suspense fallback={hold}>
      <SystemsChartCode {...props} />
    </Suspense>
  );
}
