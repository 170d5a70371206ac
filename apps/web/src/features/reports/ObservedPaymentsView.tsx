import {
  formatBOB,
  formatCount,
  formatDate,
  type ObservedKind,
  type ObservedKindFigure,
  type ObservedReport,
  type ObservedRow,
  observedKindLabels,
  observedKinds,
  observedMessages,
  reconciliationPlaceLabel,
} from '@bjp/domain';
import { Badge, Group, Paper, Select, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { type Column, DataTable } from '../../ui/DataTable';
import { DownloadButtons } from './DownloadButtons';
import { observedXlsxPath } from './observed-api';
import type { ReconciliationTarget } from './reconciliation-api';
import { placeRowColumns, Secondary } from './report-columns';

const columns: Column<ObservedRow>[] = [
  ...placeRowColumns(),
  {
    key: 'student',
    header: 'Estudiante y titular',
    width: 260,
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm">{r.studentName}</Text>
        <Secondary>RUDE {r.rude}</Secondary>
        {r.titularName ? (
          <Secondary>
            Titular: {r.titularName} · CI {r.titularCarnet}
          </Secondary>
        ) : (
          <Text size="xs" c="red.9">
            Sin titular vigente
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'payment',
    header: 'Pago',
    width: 200,
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {r.paidOn ? `Pagado el ${formatDate(r.paidOn)}` : 'Pagado, sin fecha'}
        </Text>
        <Secondary>Recibido el {formatDate(r.receivedOn)}</Secondary>
        <Secondary>{[r.bank, r.mode].filter(Boolean).join(' · ')}</Secondary>
      </Stack>
    ),
  },
  {
    key: 'amount',
    header: 'Monto',
    width: 95,
    align: 'right',
    render: (r) => (
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {r.amount === null ? '—' : formatBOB(r.amount)}
      </Text>
    ),
  },
  {
    key: 'kinds',
    header: 'Observaciones',
    width: 300,
    render: (r) => (
      <Stack gap={2}>
        {r.kindLabels.map((label) => (
          <Text key={label} size="sm" c="red.9">
            {label}
          </Text>
        ))}
      </Stack>
    ),
  },
];

/** One kind's card: students and amount; pressing it filters the table by that kind. */
function KindCard({
  figure,
  active,
  onSelect,
}: {
  figure: ObservedKindFigure;
  active: boolean;
  onSelect: () => void;
}) {
  return (
    <UnstyledButton onClick={onSelect} aria-pressed={active} data-testid={`card-${figure.kind}`} h="100%">
      <Paper
        withBorder
        radius="md"
        p="sm"
        h="100%"
        style={
          active
            ? {
                borderColor: 'var(--mantine-color-blue-6)',
                boxShadow: '0 0 0 1px var(--mantine-color-blue-6)',
              }
            : undefined
        }
      >
        <Stack gap={2}>
          <Text fz={{ base: 'xs', sm: 'sm' }} fw={700} c={figure.students > 0 ? 'red.9' : undefined}>
            {figure.label}
          </Text>
          <Text fz={{ base: 'md', sm: 'lg' }} fw={700}>
            {formatCount(figure.students)} estudiante{figure.students === 1 ? '' : 's'}
          </Text>
          <Text size="sm">{formatBOB(figure.amount)}</Text>
          {/* On a phone nine cards with their explanation fill several screens: the label says enough. */}
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {figure.description}
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

const kindOptions = [
  { value: 'TODAS', label: observedMessages.allKinds },
  ...observedKinds.map((k) => ({ value: k, label: observedKindLabels[k] })),
];

type Props = {
  report: ObservedReport;
  target: ReconciliationTarget;
  kind: ObservedKind | null;
  onKind: (kind: ObservedKind | null) => void;
  page: number;
  onPage: (page: number) => void;
  loading: boolean;
};

/** The place, the figures per kind, the paged rows and the spreadsheet. */
export function ObservedPaymentsView({ report, target, kind, onKind, page, onPage, loading }: Props) {
  const { summary } = report;
  return (
    <Stack>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap" align="flex-start">
          <Stack gap={4}>
            <Title order={4}>{observedMessages.title}</Title>
            <Text data-testid="observed-place">{reconciliationPlaceLabel(report.place)}</Text>
            <Group gap="xs">
              <Badge variant="light">Gestión: {report.year}</Badge>
              <Badge variant="light" color="gray">
                Inicio de pagos: {formatDate(report.paymentStart)}
              </Badge>
              <Badge variant="light" color="gray">
                {formatBOB(report.amountPerStudent)} por estudiante
              </Badge>
            </Group>
            <Text size="sm" data-testid="observed-total">
              {formatCount(summary.students)} estudiante{summary.students === 1 ? '' : 's'} con pagos
              observados por {formatBOB(summary.amount)}
            </Text>
          </Stack>
          <DownloadButtons
            path={observedXlsxPath(target)}
            query={{ kind: kind ?? undefined, year: report.year }}
            formats={['xlsx']}
            withFormat={false}
            xlsxLabel={observedMessages.download}
          />
        </Group>
      </Paper>

      <SimpleGrid cols={{ base: 2, lg: 3 }} spacing={{ base: 'xs', sm: 'md' }}>
        {summary.kinds.map((figure) => (
          <KindCard
            key={figure.kind}
            figure={figure}
            active={kind === figure.kind}
            onSelect={() => onKind(kind === figure.kind ? null : figure.kind)}
          />
        ))}
      </SimpleGrid>

      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm" wrap="wrap" align="flex-end">
          <Title order={5}>Estudiantes con pagos observados</Title>
          <Select
            label="Observación"
            data={kindOptions}
            value={kind ?? 'TODAS'}
            onChange={(v) => onKind(!v || v === 'TODAS' ? null : (v as ObservedKind))}
            w={{ base: '100%', sm: 420 }}
            allowDeselect={false}
          />
        </Group>
        <DataTable
          data-testid="observed-table"
          columns={columns}
          rows={report.items}
          rowKey={(r) => `${r.sie}-${r.rude}`}
          page={page}
          pageSize={report.pageSize}
          total={report.total}
          onPageChange={onPage}
          loading={loading}
          minWidth={1000}
          emptyText={kind ? observedMessages.noRowsForKind : observedMessages.noRows}
        />
      </Paper>
    </Stack>
  );
}
