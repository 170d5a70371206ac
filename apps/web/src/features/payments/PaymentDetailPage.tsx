import { formatCount, type PaymentDetailRow } from '@bjp/domain';
import { Alert, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { warningTextColor } from '../../app/theme';
import { BonusStateBadge } from '../../ui/BonusStateBadge';
import { type Column, DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { SpanishDates } from '../../ui/SpanishDates';
import { usePageFor } from '../reports/use-page-for';
import { type PaymentFilters, usePaymentDetail } from './api';

const columns: Column<PaymentDetailRow>[] = [
  { key: 'rude', header: 'RUDE', render: (r) => r.rude },
  { key: 'student', header: 'Estudiante', render: (r) => r.student },
  { key: 'sie', header: 'SIE', render: (r) => `${r.institutionId} (${r.departmentCode})` },
  { key: 'ci', header: 'CI Titular', render: (r) => r.titularCi ?? '—' },
  { key: 'titular', header: 'Titular', render: (r) => r.titular ?? '—' },
  {
    key: 'date',
    header: 'Fecha pago',
    render: (r) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {r.paidOn ?? '—'}
      </Text>
    ),
  },
  { key: 'bank', header: 'Banco', render: (r) => r.bank ?? '—' },
  { key: 'mode', header: 'Modalidad', render: (r) => r.mode ?? '—' },
  { key: 'state', header: 'Estado del bono', render: (r) => <BonusStateBadge state={r.state} /> },
];

const empty: PaymentFilters = { rude: '', ci: '', bank: '', from: '', to: '' };

/** 'Detalle Pago': payments by RUDE, titular CI, bank and date, paged on the server. */
export function PaymentDetailPage() {
  const [filters, setFilters] = useState(empty);
  const [debounced] = useDebouncedValue(filters, 400);
  const [page, setPage] = usePageFor(debounced);
  const detail = usePaymentDetail(debounced, page);
  const set = (patch: Partial<PaymentFilters>) => setFilters((f) => ({ ...f, ...patch }));
  return (
    <Stack>
      <PageHeader title="Detalle Pago" breadcrumbs={['Pago']} />
      <Paper withBorder radius="md" p="md">
        <Stack>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label="RUDE"
              w={180}
              value={filters.rude}
              onChange={(e) => set({ rude: e.currentTarget.value.toUpperCase() })}
            />
            <TextInput
              label="CI Titular"
              w={140}
              value={filters.ci}
              onChange={(e) => set({ ci: e.currentTarget.value.toUpperCase() })}
            />
            <TextInput
              label="Banco"
              w={200}
              value={filters.bank}
              onChange={(e) => set({ bank: e.currentTarget.value })}
            />
            <SpanishDates>
              <DatePickerInput
                type="range"
                label="Fecha de pago"
                placeholder="Desde – Hasta"
                valueFormat="DD/MM/YYYY"
                clearable
                w={240}
                value={[filters.from || null, filters.to || null]}
                onChange={([from, to]) => set({ from: from ?? '', to: to ?? '' })}
              />
            </SpanishDates>
          </Group>
          {detail.isError && <Alert color="red">{errorMessage(detail.error)}</Alert>}
          {detail.data?.totalCapped && (
            <Text size="sm" c={warningTextColor}>
              Más de {formatCount(detail.data.total)} pagos: use los filtros para acotar la búsqueda.
            </Text>
          )}
          <DataTable
            data-testid="payments-table"
            columns={columns}
            rows={detail.data?.items ?? []}
            rowKey={(r) => r.inscriptionId}
            page={page}
            pageSize={detail.data?.pageSize ?? 10}
            total={detail.data?.total ?? 0}
            onPageChange={setPage}
            loading={detail.isFetching}
            emptyText="No hay pagos que coincidan con la búsqueda."
            minWidth={900}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
