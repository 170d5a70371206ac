import type { TrackingOverview, TrackingRow } from '@bjp/domain';
import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { type Column, DataTable } from '../../ui/DataTable';
import { type TrackingFilters, useTrackingList } from './api';

type Props = {
  overview: TrackingOverview;
  filters: TrackingFilters;
  page: number;
  onPageChange: (page: number) => void;
};

/** The place's schools, 10 a page; the state button opens the school's report. */
export function TrackingTable({ overview, filters, page, onPageChange: setPage }: Props) {
  const navigate = useNavigate();
  const { level, id } = overview.place;
  const list = useTrackingList(level, id, filters, page);
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
          onClick={() => navigate(`/reports/institution?sie=${r.institutionId}`)}
          title="Ver reporte de la institución"
        >
          {r.status}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      data-testid="tracking-table"
      columns={columns}
      rows={list.data?.items ?? []}
      rowKey={(r) => r.institutionId}
      page={page}
      pageSize={list.data?.pageSize ?? 10}
      total={list.data?.total ?? 0}
      onPageChange={setPage}
      loading={list.isFetching}
      emptyText="No hay instituciones para los filtros elegidos."
    />
  );
}
