import { formatDate, type PaymentDetailRow } from '@bjp/domain';
import { Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { ClosedYearBanner, useGestion, YearSelector } from '../../app/year';
import { BonusStateBadge } from '../../ui/BonusStateBadge';
import type { Column } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { QueryTable } from '../../ui/QueryTable';
import { SpanishDates } from '../../ui/SpanishDates';
import { urlParam } from '../../ui/url-state';
import { useUrlState, useUrlText } from '../../ui/use-url-state';
import { type PaymentFilters, usePaymentDetail } from './api';

const columns: Column<PaymentDetailRow>[] = [
  { key: 'rude', header: 'RUDE', render: (r) => r.rude },
  { key: 'student', header: 'Estudiante', render: (r) => r.student },
  { key: 'sie', header: 'SIE', render: (r) => `${r.institutionId} (${r.departmentCode})` },
  { key: 'ci', header: 'CI Titular', render: (r) => r.titularCarnet ?? '—' },
  { key: 'titular', header: 'Titular', render: (r) => r.titular ?? '—' },
  {
    key: 'date',
    header: 'Fecha pago',
    render: (r) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(r.paidOn)}
      </Text>
    ),
  },
  { key: 'bank', header: 'Banco', render: (r) => r.bank ?? '—' },
  { key: 'mode', header: 'Modalidad', render: (r) => r.mode ?? '—' },
  { key: 'state', header: 'Estado del bono', render: (r) => <BonusStateBadge state={r.state} /> },
];

/** The filters and the page in the address (?rude=&ci=&bank=&from=&to=&page=). */
const detailParams = {
  rude: urlParam.text({ max: 30 }),
  ci: urlParam.text({ max: 20 }),
  bank: urlParam.text({ max: 100 }),
  from: urlParam.day(),
  to: urlParam.day(),
  page: urlParam.page(),
};

/** 'Detalle Pago': payments by RUDE, titular CI, bank and date, paged on the server. */
export function PaymentDetailPage() {
  const [url, set] = useUrlState(detailParams);
  const filters: PaymentFilters = {
    rude: url.rude,
    ci: url.ci,
    bank: url.bank,
    from: url.from ?? '',
    to: url.to ?? '',
  };
  const page = url.page;
  const setPage = (next: number) => set({ page: next });
  const [rude, setRude] = useUrlText(url.rude, (text) => set({ rude: text.toUpperCase() }), 400);
  const [ci, setCi] = useUrlText(url.ci, (text) => set({ ci: text.toUpperCase() }), 400);
  const [bank, setBank] = useUrlText(url.bank, (text) => set({ bank: text }), 400);
  const gestion = useGestion(() => setPage(1));
  const detail = usePaymentDetail(filters, page, gestion.query);
  return (
    <Stack>
      <PageHeader title="Detalle Pago" breadcrumbs={['Pago']} actions={<YearSelector gestion={gestion} />} />
      <ClosedYearBanner gestion={gestion} />
      <Paper withBorder radius="md" p="md">
        <Stack>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label="RUDE"
              w={180}
              value={rude}
              onChange={(e) => setRude(e.currentTarget.value.toUpperCase())}
            />
            <TextInput
              label="CI Titular"
              w={140}
              value={ci}
              onChange={(e) => setCi(e.currentTarget.value.toUpperCase())}
            />
            <TextInput label="Banco" w={200} value={bank} onChange={(e) => setBank(e.currentTarget.value)} />
            <SpanishDates>
              <DatePickerInput
                type="range"
                label="Fecha de pago"
                placeholder="Desde – Hasta"
                valueFormat="DD/MM/YYYY"
                clearable
                w={240}
                value={[filters.from || null, filters.to || null]}
                // The first day of a range replaces the entry, the completed range pushes one.
                onChange={([from, to]) =>
                  set({ from: from || null, to: to || null }, { history: from && !to ? 'replace' : 'push' })
                }
              />
            </SpanishDates>
          </Group>
          <QueryTable
            query={detail}
            data-testid="payments-table"
            columns={columns}
            rowKey={(r) => r.inscriptionId}
            page={page}
            onPageChange={setPage}
            emptyText="No hay pagos que coincidan con la búsqueda."
            minWidth={900}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
