import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Column } from '../../ui/DataTable';

/** A cell's second line: small and dimmed under what it qualifies. */
export const Secondary = ({ children }: { children: ReactNode }) => (
  <Text size="xs" c="dimmed">
    {children}
  </Text>
);

type SchoolRow = { rowNumber: number; sie: number; schoolName: string; districtName: string };

/**
 * The first two columns of the student lists of a place's reports ('Conciliación Banco – DDJJ',
 * 'Pagos observados'): the row's number and its school (SIE, name, district).
 */
export function placeRowColumns<R extends SchoolRow>(): Column<R>[] {
  return [
    { key: 'n', header: 'Nro.', render: (r) => r.rowNumber, width: 40 },
    {
      key: 'school',
      header: 'UE/CEE',
      width: 130,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            SIE {r.sie}
          </Text>
          <Secondary>{r.schoolName}</Secondary>
          <Secondary>Distrito {r.districtName}</Secondary>
        </Stack>
      ),
    },
  ];
}
