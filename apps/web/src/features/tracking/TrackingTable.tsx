import type { TrackingOverview, TrackingRow } from '@bjp/domain';
import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { type TrackingFilters, useTrackingList } from './api';

type Props = {
  overview: TrackingOverview;
  filters: TrackingFilters;
  /** A closed gestión read (decision 040); undefined, the open one. */
  year?: number;
  page: number;
  onPageChange: (page: number) => void;
};

/** The place's schools, 10 a page; the state button opens the school's report of the same gestión. */
export function TrackingTable({ overview, filters, year, page, onPageChange: setPage }: Props) {
  const navigate = useNavigate();
  const { level, id } = overview.place;
  const list = useTrackingList(level, id, filters, page, year);
  const gestion = year === undefined ? '' : `&gestion=${year}`;
  const columns: Column<TrackingRow>[] = [
    { key: 'id', header: 'ID', render: (r) => r.rowNumber, width: 60 },
    { key: 'code', header: 'Código', render: (r) => r.institutionId },
    { key: 'name', header: 'Institución Educativa', render: (r) => r.name },
    { key: 'district', header: 'Distrito', render: (r) => r.districtName },
    { key: 'subsystem', header: 'Subsistema', render: (r) => r.subsystem },
    {
      key: 'status',
      header: 'Estado',
      render: (r) => (
        <Button
          size="compact-xs"
          variant="light"
          color={r.status === 'CONCLUIDO' ? 'green' : 'red'}
          onClick={() => navigate(`/reports/institution?sie=${r.institutionId}${gestion}`)}
          title="Ver reporte de la institución"
        >
          {r.status}
        </Button>
      ),
    },
  ];
  return (
    <QueryTable
      query={list}
      data-testid="tracking-table"
      columns={columns}
      rowKey={(r) => r.institutionId}
      page={page}
      onPageChange={setPage}
      emptyText="No hay instituciones para los filtros elegidos."
    />
  );
}
