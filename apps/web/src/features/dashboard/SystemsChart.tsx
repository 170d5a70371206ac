import { formatAxisNumber, formatCount, type SystemStats } from '@bjp/domain';
import { BarChart } from '@mantine/charts';

const label = 'Estudiantes pagados';

/** Paid students by education system (Especial, Primaria, Secundaria), in the chosen payment dates. */
export function SystemsChart({ stats }: { stats: SystemStats }) {
  const data = [
    { system: 'Especial', [label]: stats.special },
    { system: 'Primaria', [label]: stats.primary },
    { system: 'Secundaria', [label]: stats.secondary },
  ];
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="system"
      series={[{ name: label, color: 'blue.6' }]}
      valueFormatter={formatCount}
      withBarValueLabel
      // Drawn once: the entry animation re-renders every frame (see PaidPie).
      barProps={{ isAnimationActive: false }}
      yAxisProps={{ width: 80, tickFormatter: formatAxisNumber }}
    />
  );
}
