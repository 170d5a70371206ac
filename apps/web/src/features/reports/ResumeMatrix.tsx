import { type Figure, formatCount, matrixHeadings, matrixLineFigures, type PlaceReport } from '@bjp/domain';
import { SegmentedControl, Stack, Table } from '@mantine/core';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { WideTable } from '../../ui/WideTable';

type Matrix = PlaceReport['matrix'];
type Mode = 'paid' | 'total';
const totals = new Set(['Total Primaria', 'Total Secundaria', 'TOTAL']);

/** Paid or total figures (?matrix=total), kept on reload. */
const matrixParams = { matrix: urlParam.oneOf(['paid', 'total'] satisfies Mode[], 'paid') };

/** Rows by dependency and area; Especial, Primaria 1–6, Secundaria 1–6 with totals; TOTAL GENERAL. */
export function ResumeMatrix({ matrix }: { matrix: Matrix }) {
  const [{ matrix: mode }, set] = useUrlState(matrixParams);
  const setMode = (matrix: Mode) => set({ matrix });
  const headings = matrixHeadings();
  const cells = (figures: Figure[], bold: boolean) =>
    figures.map((f, i) => (
      <Table.Td
        key={headings[i]}
        ta="right"
        fw={bold || totals.has(headings[i]!) ? 700 : undefined}
        bg={totals.has(headings[i]!) ? 'gray.1' : undefined}
      >
        {formatCount(f[mode])}
      </Table.Td>
    ));
  return (
    <Stack gap="xs">
      {/* On a phone the two labels do not fit side by side: they wrap instead of leaving the screen. */}
      <SegmentedControl
        w="fit-content"
        maw="100%"
        styles={{ label: { whiteSpace: 'normal' } }}
        value={mode}
        onChange={(v) => setMode(v as Mode)}
        data={[
          { value: 'paid', label: 'Estudiantes pagados' },
          { value: 'total', label: 'Estudiantes beneficiarios' },
        ]}
      />
      {/* Tight cells: at 1366 px the whole matrix, 'Secundaria 6', its total and TOTAL included,
          fits beside the menu; narrower screens scroll it, the dependency kept in view. */}
      <WideTable minWidth={880}>
        <Table withTableBorder withColumnBorders fz="xs" horizontalSpacing={6} data-testid="resume-matrix">
          <Table.Thead>
            <Table.Tr>
              <Table.Th rowSpan={2}>Dependencia</Table.Th>
              <Table.Th rowSpan={2}>Área</Table.Th>
              <Table.Th ta="center">Especial</Table.Th>
              <Table.Th ta="center" colSpan={7}>
                Primaria
              </Table.Th>
              <Table.Th ta="center" colSpan={7}>
                Secundaria
              </Table.Th>
              <Table.Th rowSpan={2} ta="right">
                TOTAL
              </Table.Th>
            </Table.Tr>
            <Table.Tr>
              {headings.slice(0, -1).map((h) => (
                <Table.Th key={h} ta="right">
                  {h === 'Especial' ? 'Total' : h.startsWith('Total') ? 'Total' : h.split(' ')[1]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {matrix.rows.map((r) => (
              <Table.Tr key={`${r.dependency}${r.area}`}>
                <Table.Td>{r.dependencyName}</Table.Td>
                <Table.Td>{r.areaName}</Table.Td>
                {cells(matrixLineFigures(r), false)}
              </Table.Tr>
            ))}
            <Table.Tr data-testid="matrix-total-general">
              {/* Two cells, not one spanning both: the first column is sticky when the matrix scrolls. */}
              <Table.Td fw={700}>TOTAL GENERAL</Table.Td>
              <Table.Td />
              {cells(matrixLineFigures(matrix.totalGeneral), true)}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </WideTable>
    </Stack>
  );
}
