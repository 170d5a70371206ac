import { type DependencyRow, formatBOB, formatCount } from '@bjp/domain';
import { Table } from '@mantine/core';
import { WideTable } from '../../ui/WideTable';

/** 'Operativo BJP': schools, consolidated lists, students and money by dependency. */
export function DependenciesTable({ rows }: { rows: DependencyRow[] }) {
  return (
    <WideTable minWidth={760}>
      <Table striped withTableBorder data-testid="dependencies-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Dependencia</Table.Th>
            <Table.Th ta="right">UE/CEE</Table.Th>
            <Table.Th ta="right">Consolidadas</Table.Th>
            <Table.Th ta="right">Estudiantes</Table.Th>
            <Table.Th ta="right">Pagados</Table.Th>
            <Table.Th ta="right">% Pagado</Table.Th>
            <Table.Th ta="right">Monto total</Table.Th>
            <Table.Th ta="right">Monto pagado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.name} fw={r.dependency === null ? 700 : undefined}>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td ta="right">{formatCount(r.institutions)}</Table.Td>
              <Table.Td ta="right">{formatCount(r.consolidated)}</Table.Td>
              <Table.Td ta="right">{formatCount(r.totalStudents)}</Table.Td>
              <Table.Td ta="right">{formatCount(r.paidStudents)}</Table.Td>
              <Table.Td ta="right">{r.paidPercentage} %</Table.Td>
              <Table.Td ta="right">{formatBOB(r.totalAmount)}</Table.Td>
              <Table.Td ta="right">{formatBOB(r.paidAmount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}
