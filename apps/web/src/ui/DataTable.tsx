import { formatCount } from '@bjp/domain';
import { Box, Group, LoadingOverlay, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Pager } from './Pager';
import { WideTable } from './WideTable';

export type Column<T> = {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /**
   * What a phone's card says before the value when the header is not plain text (an icon, a
   * tooltip); a string header is its own label, an empty one shows the value alone (an action).
   */
  label?: string;
};

/** The card label of a column (issue 37 §3): its text header, or its `label`. */
export const cardLabel = <T,>(c: Column<T>): string =>
  c.label ?? (typeof c.header === 'string' ? c.header : '');

export type DataTableProps<T> = {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting at `total` (a broad text search): the summary says 'más de'. */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  loading?: boolean;
  emptyText?: string;
  minWidth?: number;
  /** The first column stays in view while the table scrolls sideways (default on). */
  stickyFirstColumn?: boolean;
  /** Narrower cell padding, for a table of many short columns beside a side panel. */
  compact?: boolean;
  /** On a phone each row is a card of label–value lines (default on; issue 37 §3). */
  cards?: boolean;
  'data-testid'?: string;
};

/**
 * A server-paged table: the rows of one page plus the specification's pager under them. A table
 * wider than its card scrolls inside it, first column sticky (WideTable); on a phone its rows are
 * cards, so a row's action is in view without scrolling sideways (issue 37 §3, decision 061).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, page, pageSize, total, onPageChange, loading = false } = props;
  const emptyText = props.emptyText ?? 'No hay registros.';
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, (page - 1) * pageSize + rows.length);
  return (
    <Stack gap="sm" data-testid={props['data-testid']}>
      <Box pos="relative">
        <LoadingOverlay
          visible={loading}
          zIndex={5}
          overlayProps={{ blur: 1 }}
          loaderProps={{ size: 'sm' }}
        />
        <WideTable
          minWidth={props.minWidth ?? 600}
          stickyFirstColumn={props.stickyFirstColumn}
          cards={props.cards ?? true}
        >
          <Table
            striped
            highlightOnHover
            withTableBorder
            verticalSpacing="xs"
            horizontalSpacing={props.compact ? 6 : undefined}
            aria-busy={loading}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.key} w={c.width} ta={c.align}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} ta={c.align} data-label={cardLabel(c)}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {rows.length === 0 && !loading && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length} data-label="">
                    <Text c="dimmed" ta="center" py="md" size="sm">
                      {emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </WideTable>
      </Box>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {loading && total === 0
            ? 'Cargando…'
            : total === 0
              ? 'Sin registros'
              : `Mostrando ${formatCount(first)}–${formatCount(last)} de ${props.totalCapped ? 'más de ' : ''}${formatCount(total)}`}
        </Text>
        <Pager page={page} pageSize={pageSize} total={total} onChange={onPageChange} disabled={loading} />
      </Group>
    </Stack>
  );
}
