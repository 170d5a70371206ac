import { formatAxisNumber } from '@bjp/domain';
import { BarChart } from '@mantine/charts';
import { paidColor, unpaidColor } from '../../app/theme';
import { type DepartmentBar, PAID_LABEL, UNPAID_LABEL } from './summary';

type Props = { data: DepartmentBar[]; format: (value: number) => string };

/** Departments on the axis by their codes (LP, SCZ, CBA, …), paid and unpaid stacked. */
export function DepartmentBarChart({ data, format }: Props) {
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="code"
      type="stacked"
      series={[
        { name: PAID_LABEL, color: paidColor },
        { name: UNPAID_LABEL, color: unpaidColor },
      ]}
      valueFormatter={format}
      withLegend
      // Drawn once: the entry animation re-renders every frame (see PaidPie).
      barProps={{ isAnimationActive: false }}
      legendProps={{ verticalAlign: 'bottom' }}
      yAxisProps={{ width: 80, tickFormatter: formatAxisNumber }}
    />
  );
}
