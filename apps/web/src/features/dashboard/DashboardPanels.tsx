import '@mantine/charts/styles.css';
import { formatBOB, formatCount, type SystemStats } from '@bjp/domain';
import { memo } from 'react';
import { SpanishDates } from '../../ui/SpanishDates';
import type { DepartmentPaidStats, InstitutionCompletionStats, PaymentRange } from './api';
import { ChartCard } from './ChartCard';
import classes from './DashboardPanels.module.css';
import type { QueryView } from './deferred-query';
import { DepartmentBarChart, SystemsChart } from './LazyBarCharts';
import { NationalSummaryCard } from './NationalSummaryCard';
import { PaidPie } from './PaidPie';
import { PaymentRangePicker } from './PaymentRangePicker';
import {
  departmentBars,
  moneySplit,
  nationalSummary,
  paymentRangeNote,
  SCHOOLS_NOTE,
  schoolSplit,
  schoolsSplit,
  studentSplit,
} from './summary';
import { useTurn } from './WhenNear';

const bob = (value: number) => formatBOB(value);

type Props = {
  range: PaymentRange;
  setRange: (range: PaymentRange) => void;
  paid: QueryView<DepartmentPaidStats>;
  systems: QueryView<SystemStats>;
  schools: QueryView<InstitutionCompletionStats>;
  /** A closed gestión shown (decision 040): the calendar opens in its payment season. */
  closedYear?: number;
};

/**
 * The dashboard's charts, summary and calendar: the calendar and the pies come in this chunk, fetched
 * while the page's header is already drawn; the bar charts' library when they come near the screen
 * (issue 14). Memoised: it is drawn again only when an answer's deferred view changes.
 *
 * Mounted in three turns, each committed in a task of its own (`useTurn`): the pies, then the
 * calendar and the summary, then the bar charts' panels; a screen-high block holds the place of what
 * is still to come. On a phone the pies fill the screen; at 1366 × 768 the calendar comes beside
 * them a task later.
 */
export const DashboardPanels = memo(function DashboardPanels({
  range,
  setRange,
  paid,
  systems,
  schools,
  closedYear,
}: Props) {
  const rows = paid.data?.rows ?? [];
  const amount = paid.data?.amountPerStudent ?? 0;
  const summary = nationalSummary(rows, amount);
  const rangeNote = paymentRangeNote(range);
  const schoolRows = schools.data?.rows ?? [];
  const paidState = { loading: paid.isPending, error: paid.isError, empty: rows.length === 0 };
  const schoolState = { loading: schools.isPending, error: schools.isError, empty: schoolRows.length === 0 };
  const middle = useTurn();
  const rest = useTurn();

  return (
    <SpanishDates>
      <div className={classes.grid}>
        <div className={classes.inner}>
          <div className={`${classes.col} ${classes.lg8}`}>
            <div className={classes.pies}>
              <ChartCard title="Monto (BOB)" note={rangeNote} {...paidState} height={200} atOnce>
                <PaidPie
                  split={{ paid: summary.paidMoney, unpaid: summary.totalMoney - summary.paidMoney }}
                  format={bob}
                  testId="pie-money"
                />
              </ChartCard>
              <ChartCard title="Estudiantes (EST.)" note={rangeNote} {...paidState} height={200} atOnce>
                <PaidPie
                  split={{ paid: summary.paidStudents, unpaid: summary.pendingStudents }}
                  format={formatCount}
                  testId="pie-students"
                />
              </ChartCard>
              <ChartCard
                title="Unidades Educativas (UE)"
                note={SCHOOLS_NOTE}
                {...schoolState}
                height={200}
                atOnce
              >
                <PaidPie split={schoolsSplit(schoolRows)} format={formatCount} testId="pie-schools" />
              </ChartCard>
            </div>
          </div>
          {middle && (
            <>
              <div className={`${classes.col} ${classes.md6} ${classes.lg4}`}>
                {/* Another gestión starts the calendar afresh (its range was cleared). */}
                <PaymentRangePicker
                  key={closedYear ?? 'open'}
                  value={range}
                  onChange={setRange}
                  openMonth={closedYear ? `${closedYear}-11-01` : undefined}
                />
              </div>
              <div className={`${classes.col} ${classes.md6} ${classes.lg4}`}>
                {/* Only real figures are shown: browser tests compare them with the API. */}
                {paid.data ? (
                  <NationalSummaryCard summary={summary} />
                ) : (
                  <ChartCard title="Resumen Nacional" loading={paid.isPending} error={paid.isError}>
                    {null}
                  </ChartCard>
                )}
              </div>
            </>
          )}
          {middle && rest ? (
            <>
              <div className={`${classes.col} ${classes.lg8}`}>
                <ChartCard title="Monto por departamento (BOB)" note={rangeNote} {...paidState}>
                  <DepartmentBarChart data={departmentBars(rows, moneySplit(amount))} format={bob} />
                </ChartCard>
              </div>
              <div className={`${classes.col} ${classes.lg6}`}>
                <ChartCard title="Estudiantes por departamento" note={rangeNote} {...paidState}>
                  <DepartmentBarChart data={departmentBars(rows, studentSplit)} format={formatCount} />
                </ChartCard>
              </div>
              <div className={`${classes.col} ${classes.lg6}`}>
                <ChartCard title="Unidades Educativas por departamento" note={SCHOOLS_NOTE} {...schoolState}>
                  <DepartmentBarChart data={departmentBars(schoolRows, schoolSplit)} format={formatCount} />
                </ChartCard>
              </div>
              <div className={`${classes.col} ${classes.lg6}`}>
                <ChartCard
                  title="Estudiantes pagados por sistema"
                  note={rangeNote}
                  loading={systems.isPending}
                  error={systems.isError}
                >
                  {systems.data && <SystemsChart stats={systems.data} />}
                </ChartCard>
              </div>
            </>
          ) : (
            <div className={classes.pending} aria-hidden="true" data-chart-pending="" />
          )}
        </div>
      </div>
    </SpanishDates>
  );
});
