import '@mantine/charts/styles.css';
import { formatBOB, formatCount, type SystemStats } from '@bjp/domain';
import { Grid, SimpleGrid } from '@mantine/core';
import { memo } from 'react';
import { SpanishDates } from '../../ui/SpanishDates';
import type { DepartmentPaidStats, InstitutionCompletionStats, PaymentRange } from './api';
import { ChartCard } from './ChartCard';
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

  return (
    <SpanishDates>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <ChartCard title="Monto (BOB)" note={rangeNote} {...paidState} height={200}>
              <PaidPie
                split={{ paid: summary.paidMoney, unpaid: summary.totalMoney - summary.paidMoney }}
                format={bob}
                testId="pie-money"
              />
            </ChartCard>
            <ChartCard title="Estudiantes (EST.)" note={rangeNote} {...paidState} height={200}>
              <PaidPie
                split={{ paid: summary.paidStudents, unpaid: summary.pendingStudents }}
                format={formatCount}
                testId="pie-students"
              />
            </ChartCard>
            <ChartCard title="Unidades Educativas (UE)" note={SCHOOLS_NOTE} {...schoolState} height={200}>
              <PaidPie split={schoolsSplit(schoolRows)} format={formatCount} testId="pie-schools" />
            </ChartCard>
          </SimpleGrid>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          {/* Another gestión starts the calendar afresh (its range was cleared). */}
          <PaymentRangePicker
            key={closedYear ?? 'open'}
            value={range}
            onChange={setRange}
            openMonth={closedYear ? `${closedYear}-11-01` : undefined}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          {/* Only real figures are shown: browser tests compare them with the API. */}
          {paid.data ? (
            <NationalSummaryCard summary={summary} />
          ) : (
            <ChartCard title="Resumen Nacional" loading={paid.isPending} error={paid.isError}>
              {null}
            </ChartCard>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <ChartCard title="Monto por departamento (BOB)" note={rangeNote} {...paidState}>
            <DepartmentBarChart data={departmentBars(rows, moneySplit(amount))} format={bob} />
          </ChartCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ChartCard title="Estudiantes por departamento" note={rangeNote} {...paidState}>
            <DepartmentBarChart data={departmentBars(rows, studentSplit)} format={formatCount} />
          </ChartCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ChartCard title="Unidades Educativas por departamento" note={SCHOOLS_NOTE} {...schoolState}>
            <DepartmentBarChart data={departmentBars(schoolRows, schoolSplit)} format={formatCount} />
          </ChartCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ChartCard
            title="Estudiantes pagados por sistema"
            note={rangeNote}
            loading={systems.isPending}
            error={systems.isError}
          >
            {systems.data && <SystemsChart stats={systems.data} />}
          </ChartCard>
        </Grid.Col>
      </Grid>
    </SpanishDates>
  );
});
