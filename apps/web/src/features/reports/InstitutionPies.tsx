import '@mantine/charts/styles.css';
import type { InstitutionReport } from '@bjp/domain';
import { formatCount } from '@bjp/domain';
import { PieChart } from '@mantine/charts';
import { ColorSwatch, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { paidColor, unpaidColor } from '../../app/theme';

type Slice = { name: string; value: number; color: string; caption: string };

function Pie({ title, data, testId }: { title: string; data: Slice[]; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={6} ta="center" mb="xs">
        {title}
      </Title>
      <PieChart
        data={data}
        size={160}
        mx="auto"
        withLabels
        labelsType="percent"
        labelsPosition="inside"
        withTooltip
        tooltipDataSource="segment"
      />
      <Group justify="center" gap="md" mt="xs">
        {data.map((d) => (
          // The slice's colour on a swatch, the words in the text colour: blue.6 and pink.6 as text
          // gave 3.6:1 (axe color-contrast, decision 061).
          <Group key={d.name} gap={6} wrap="nowrap">
            <ColorSwatch
              color={`var(--mantine-color-${d.color.replace('.', '-')})`}
              size={10}
              withShadow={false}
            />
            <Text size="xs">
              {d.name}: {d.caption}
            </Text>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}

/** Male/female and paid/not paid; the paid pie uses the server's shares, scaled to 100 when needed. */
export function InstitutionPies({ report }: { report: InstitutionReport }) {
  const { gender, payment } = report;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Pie
        title="Estudiantes por género"
        testId="pie-gender"
        data={[
          { name: 'Masculino', value: gender.male, color: 'blue.6', caption: formatCount(gender.male) },
          { name: 'Femenino', value: gender.female, color: 'pink.6', caption: formatCount(gender.female) },
        ]}
      />
      <Pie
        title="Estado de cobro"
        testId="pie-paid"
        data={[
          {
            name: 'Cobrado',
            value: payment.paidShare,
            color: paidColor,
            caption: `${formatCount(payment.paid)} (${payment.paidShare.toFixed(2)} %)`,
          },
          {
            name: 'No Cobrado',
            value: payment.notPaidShare,
            color: unpaidColor,
            caption: `${formatCount(payment.notPaid)} (${payment.notPaidShare.toFixed(2)} %)`,
          },
        ]}
      />
    </SimpleGrid>
  );
}
