import { formatCount, formatDateTime, formatSaldo, type PaidReport, paidMessages } from '@bjp/domain';
import { Group, Paper, Table, Text } from '@mantine/core';
import { WideTable } from '../../ui/WideTable';
import { DeclarationVersionsButton } from '../declarations';
import { ReportDownloadButton } from './ReportDownloadButton';

/**
 * What replaces 'Consolidar Operativo de Validación' (part 2 §2.5): the holders with their totals and
 * the line 'SALDO A DEVOLVER EN BOLIVIANOS' (200 BOB per student the school declared NO PAGADO, 2
 * decimals), with the download: the DDJJ for a special centre, the report for a regular school.
 */
export function PaidReportTable({
  report,
  closed,
}: {
  report: PaidReport /** Of a closed gestión. */;
  closed?: boolean;
}) {
  const ddjj = report.codeType === 4;
  return (
    <Paper withBorder radius="md" p="md" data-testid="paid-report">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Text fw={700}>
            {ddjj ? 'Reporte DDJJ — Educación Especial' : 'Reporte de Validación de Pagados'}
          </Text>
          <Text size="xs" c="dimmed">
            Operativo consolidado el {formatDateTime(report.consolidatedAt)} por {report.consolidatedBy} ·{' '}
            {formatCount(report.amountPerStudent)} Bs. por estudiante
          </Text>
        </div>
        <Group gap="xs">
          <ReportDownloadButton
            sie={report.sie}
            codeType={report.codeType}
            year={report.year}
            closed={closed}
          />
          <DeclarationVersionsButton
            kind="paid_validation"
            sie={report.sie}
            year={closed ? report.year : undefined}
          />
        </Group>
      </Group>
      <WideTable minWidth={560}>
        <Table striped withTableBorder verticalSpacing="xs" horizontalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              {['CARNET', 'TITULAR DE COBRO', 'TIPO'].map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
              {['TOTAL', 'PAGADOS', 'NO PAGADOS', 'SALDO (Bs.)'].map((h) => (
                <Table.Th key={h} ta="right">
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.rows.map((r) => (
              <Table.Tr key={r.personId}>
                <Table.Td>{r.complemento ? `${r.carnet}-${r.complemento}` : r.carnet}</Table.Td>
                <Table.Td>{[r.paterno, r.materno, r.name].filter(Boolean).join(' ')}</Table.Td>
                <Table.Td>{r.holderTypeName}</Table.Td>
                <Table.Td ta="right">{formatCount(r.total)}</Table.Td>
                <Table.Td ta="right">{formatCount(r.totalPaid)}</Table.Td>
                <Table.Td ta="right">{formatCount(r.totalPending)}</Table.Td>
                <Table.Td ta="right">{formatSaldo(r.saldo)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={700}>
              {/* Separate cells: the first column is sticky when the table scrolls. */}
              <Table.Td>TOTALES</Table.Td>
              <Table.Td />
              <Table.Td />
              <Table.Td ta="right">{formatCount(report.totals.total)}</Table.Td>
              <Table.Td ta="right">{formatCount(report.totals.totalPaid)}</Table.Td>
              <Table.Td ta="right">{formatCount(report.totals.totalPending)}</Table.Td>
              <Table.Td ta="right">{report.saldoText}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </WideTable>
      <Group
        justify="space-between"
        mt="sm"
        p="sm"
        bg="var(--mantine-color-red-0)"
        style={{ borderRadius: 6 }}
      >
        <Text fw={700}>{paidMessages.saldoLabel}</Text>
        <Text fw={700} fz="lg" data-testid="saldo">
          {report.saldoText}
        </Text>
      </Group>
    </Paper>
  );
}
