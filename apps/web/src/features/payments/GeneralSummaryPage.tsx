import '@mantine/charts/styles.css';
import { formatAxisNumber, formatBOB, formatCount, formatDate } from '@bjp/domain';
import { AreaChart, BarChart } from '@mantine/charts';
import { Alert, Loader, Paper, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { IconCash, IconPercentage, IconUsers } from '@tabler/icons-react';
import { errorMessage } from '../../app/api';
import { paidColor, unpaidColor } from '../../app/theme';
import { ClosedYearBanner, useGestion, YearSelector } from '../../app/year';
import { PageHeader } from '../../ui/PageHeader';
import { StatCard } from '../../ui/StatCard';
import { WideTable } from '../../ui/WideTable';
import { usePaymentSummary } from './api';

/**
 * 'Resumen General': the national payment summary by department and by day (replaces static images),
 * of the gestión chosen in the header (a closed one read only, decision 040).
 */
export function GeneralSummaryPage() {
  const gestion = useGestion();
  const summary = usePaymentSummary(gestion.query);
  const data = summary.data;
  return (
    <Stack>
      <PageHeader
        title="Resumen General"
        breadcrumbs={['Pago']}
        actions={<YearSelector gestion={gestion} />}
      />
      <ClosedYearBanner gestion={gestion} />
      {summary.isError && <Alert color="red">{errorMessage(summary.error)}</Alert>}
      {summary.isLoading && <Loader mx="auto" />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <StatCard
              label="Estudiantes pagados"
              value={formatCount(data.totals.paidStudents)}
              description={`de ${formatCount(data.totals.totalStudents)} beneficiarios`}
              icon={<IconUsers size={20} />}
              valueTestId="general-paid"
            />
            <StatCard
              label="Monto pagado"
              value={formatBOB(data.totals.paidStudents * data.amountPerStudent)}
              description={`de ${formatBOB(data.totals.totalStudents * data.amountPerStudent)}`}
              icon={<IconCash size={20} />}
              color="green"
            />
            <StatCard
              label="Avance"
              value={`${data.totals.paidPercentage} %`}
              description={`Gestión ${data.year}`}
              icon={<IconPercentage size={20} />}
              color="orange"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Paper withBorder radius="md" p="md">
              <Title order={5} mb="sm">
                Estudiantes por departamento
              </Title>
              <BarChart
                h={280}
                data={data.departments.map((d) => ({
                  code: d.code,
                  Pagados: d.paidStudents,
                  Pendientes: d.totalStudents - d.paidStudents,
                }))}
                dataKey="code"
                type="stacked"
                series={[
                  { name: 'Pagados', color: paidColor },
                  { name: 'Pendientes', color: unpaidColor },
                ]}
                valueFormatter={formatCount}
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                yAxisProps={{ width: 70, tickFormatter: formatAxisNumber }}
              />
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Title order={5} mb="sm">
                Pagos por día
              </Title>
              <AreaChart
                h={280}
                // Oldest first, each day with its year (dd/mm/aaaa): a range across two years reads forwards.
                data={[...data.days]
                  .sort((a, b) => a.paidOn.localeCompare(b.paidOn))
                  .map((d) => ({ day: formatDate(d.paidOn), Pagados: d.paid }))}
                dataKey="day"
                series={[{ name: 'Pagados', color: paidColor }]}
                valueFormatter={formatCount}
                yAxisProps={{ width: 70, tickFormatter: formatAxisNumber }}
              />
            </Paper>
          </SimpleGrid>
          <Paper withBorder radius="md" p="md">
            <WideTable minWidth={680}>
              <Table striped withTableBorder data-testid="general-departments">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Departamento</Table.Th>
                    <Table.Th ta="right">Beneficiarios</Table.Th>
                    <Table.Th ta="right">Pagados</Table.Th>
                    <Table.Th ta="right">% Pagado</Table.Th>
                    <Table.Th ta="right">Monto pagado</Table.Th>
                    <Table.Th ta="right">Monto total</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.departments.map((d) => (
                    <Table.Tr key={d.code}>
                      <Table.Td>{d.name}</Table.Td>
                      <Table.Td ta="right">{formatCount(d.totalStudents)}</Table.Td>
                      <Table.Td ta="right">{formatCount(d.paidStudents)}</Table.Td>
                      <Table.Td ta="right">{d.paidPercentage} %</Table.Td>
                      <Table.Td ta="right">{formatBOB(d.paidAmount)}</Table.Td>
                      <Table.Td ta="right">{formatBOB(d.totalAmount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </WideTable>
          </Paper>
        </>
      )}
    </Stack>
  );
}
