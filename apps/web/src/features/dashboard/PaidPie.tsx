import { PieChart } from '@mantine/charts';
import { Group, Text } from '@mantine/core';
import { paidColor, paidTextColor, unpaidColor, unpaidTextColor } from '../../app/theme';
import { PAID_LABEL, type PaidSplit, UNPAID_LABEL } from './summary';

type Props = { split: PaidSplit; format: (value: number) => string; testId?: string };

/** Paid (green) against unpaid (red), with the percentages on the slices. */
export function PaidPie({ split, format, testId }: Props) {
  const data = [
    { name: PAID_LABEL, value: split.paid, color: paidColor, text: paidTextColor },
    { name: UNPAID_LABEL, value: split.unpaid, color: unpaidColor, text: unpaidTextColor },
  ];
  return (
    <>
      <PieChart
        data={data}
        size={170}
        mx="auto"
        withLabels
        labelsType="percent"
        labelsPosition="inside"
        withTooltip
        tooltipDataSource="segment"
        valueFormatter={format}
        // Drawn once: recharts' entry animation re-renders the chart on every frame, which kept the
        // main thread busy for seconds on a slow phone (Lighthouse's total blocking time).
        pieProps={{ isAnimationActive: false }}
        data-testid={testId}
      />
      <Group justify="center" gap="md">
        {data.map((d) => (
          <Text key={d.name} size="xs" c={d.text}>
            ● {d.name}: {format(d.value)}
          </Text>
        ))}
      </Group>
    </>
  );
}
