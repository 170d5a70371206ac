import {
  formatBOB,
  formatCount,
  formatDate,
  type ReconciliationReport,
  type ReconciliationRow,
  type ReconciliationState,
  type ReconciliationStateFigure,
  reconciliationMessages,
  reconciliationPlaceLabel,
  reconciliationStates,
} from '@bjp/domain';
import {
  Badge,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { warningTextColor } from '../../app/theme';
import { BonusStateBadge } from '../../ui/BonusStateBadge';
import { type Column, DataTable } from '../../ui/DataTable';
import { DownloadButtons } from './DownloadButtons';
import {
  type ReconciliationTarget,
  reconciliationDocumentPath,
  reconciliationExport,
} from './reconciliation-api';
import { placeRowColumns, Secondary } from './report-columns';

/** dd/mm/aaaa in Bolivia, from an ISO timestamp or a yyyy-mm-dd day. */
const boliviaDay = (value: string) => formatDate(value);

const columns: Column<ReconciliationRow>[] = [
  ...placeRowColumns(),
  {
    key: 'student',
    header: 'Estudiante y titular',
    width: 290,
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm">{r.studentName}</Text>
        <Secondary>
          RUDE {r.rude} · {r.course}
        </Secondary>
        {r.titularName ? (
          <Secondary>
            Titular: {r.titularName} · CI {r.titularCarnet} · {r.titularType}
          </Secondary>
        ) : (
          <Text size="xs" c="red.9">
            Sin titular
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'state',
    header: 'Estado',
    width: 215,
    render: (r) => (
      <Stack gap={0}>
        <BonusStateBadge state={r.state} />
        <Secondary>{r.effect}</Secondary>
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
        {formatBOB(r.amount)}
      </Text>
    ),
  },
  {
    key: 'sides',
    header: 'Banco y DDJJ',
    width: 220,
    render: (r) => (
      <Stack gap={0}>
        {r.bankPaid ? (
          <>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              Banco: pagado{r.paidOn ? ` el ${boliviaDay(r.paidOn)}` : ''}
            </Text>
            <Secondary>{[r.bank, r.mode].filter(Boolean).join(' · ')}</Secondary>
          </>
        ) : (
          <Text size="sm" c="red.9">
            Banco: sin pago
          </Text>
        )}
        <Text size="sm" fw={600} mt={4}>
          DDJJ: {r.declaredLabel}
        </Text>
        <Secondary>
          {r.declarationVersion === null
            ? `Consolidada${r.declarationDate ? ` el ${boliviaDay(r.declarationDate)}` : ''} (copia aún no guardada)`
            : `Versión ${r.declarationVersion}${r.declarationDate ? ` del ${boliviaDay(r.declarationDate)}` : ''}`}
        </Secondary>
      </Stack>
    ),
  },
];

// BonusStateBadge's colours for these states; the card's title may wrap, the badge never does.
const cardColors: Record<ReconciliationState, string> = {
  NO_PAGADO_DECLARADO: 'red.9',
  PAGADO_SIN_DECLARAR: warningTextColor,
  DECLARADO_SIN_PAGO: 'red.9',
};

/** One state's card: its meaning, students and amount; pressing it filters the table by that state. */
function StateCard({
  figure,
  active,
  onSelect,
}: {
  figure: ReconciliationStateFigure;
  active: boolean;
  onSelect: () => void;
}) {
  return (
    <UnstyledButton onClick={onSelect} aria-pressed={active} data-testid={`card-${figure.state}`} h="100%">
      <Paper
        withBorder
        radius="md"
        p="md"
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
        <Stack gap={4}>
          <Text size="sm" fw={700} c={cardColors[figure.state]}>
            {figure.label}
          </Text>
          <Text fz="xl" fw={700}>
            {formatBOB(figure.amount)}
          </Text>
          <Text size="sm">
            {formatCount(figure.students)} estudiante{figure.students === 1 ? '' : 's'} · {figure.effect}
          </Text>
          <Text size="xs" c="dimmed">
            {figure.description}
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

const stateOptions = [
  { value: 'TODOS', label: 'Todos los estados' },
  ...reconciliationStates.map((s) => ({ value: s, label: s.replaceAll('_', ' ') })),
];

type Props = {
  report: ReconciliationReport;
  target: ReconciliationTarget;
  state: ReconciliationState | null;
  onState: (state: ReconciliationState | null) => void;
  page: number;
  onPage: (page: number) => void;
  loading: boolean;
};

/** The place, the summary per state with the amount to return, the paged rows and the downloads. */
export function ReconciliationView({ report, target, state, onState, page, onPage, loading }: Props) {
  const { summary } = report;
  const labels = Object.fromEntries(summary.states.map((s) => [s.state, s.label]));
  return (
    <Stack>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap" align="flex-start">
          <Stack gap={4}>
            <Title order={4}>{reconciliationMessages.title}</Title>
            <Text data-testid="reconciliation-place">{reconciliationPlaceLabel(report.place)}</Text>
            <Group gap="xs">
              <Badge variant="light">Gestión: {report.year}</Badge>
              <Badge variant="light" color="gray">
                {formatBOB(report.amountPerStudent)} por estudiante
              </Badge>
              <Badge variant="light" color="teal">
                {formatCount(summary.consolidatedSchools)} UE/CEE con DDJJ en vigor
              </Badge>
            </Group>
          </Stack>
          <DownloadButtons
            path={reconciliationDocumentPath(target)}
            query={{ state: state ?? undefined }}
            // National and department-wide: prepared as a job; a district or a school stays direct.
            exportJob={reconciliationExport(target, state)}
          />
        </Group>
      </Paper>

      <Paper withBorder radius="md" p="md" bg="red.0">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon color="red" variant="light" size="lg" radius="md">
              <IconArrowBackUp size={20} />
            </ThemeIcon>
            <Stack gap={0}>
              <Text size="xs" tt="uppercase" fw={700} c="red.9">
                {reconciliationMessages.toReturn}
              </Text>
              <Text fz="xl" fw={700} c="red.9" data-testid="reconciliation-to-return">
                {formatBOB(summary.toReturn)}
              </Text>
            </Stack>
          </Group>
          <Text size="sm">
            Discrepancias: {formatCount(summary.students)} estudiante{summary.students === 1 ? '' : 's'} por{' '}
            {formatBOB(summary.amount)}
          </Text>
        </Group>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {summary.states.map((figure) => (
          <StateCard
            key={figure.state}
            figure={figure}
            active={state === figure.state}
            onSelect={() => onState(state === figure.state ? null : figure.state)}
          />
        ))}
      </SimpleGrid>

      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm" wrap="wrap" align="flex-end">
          <Title order={5}>Estudiantes con discrepancia</Title>
          <Select
            label="Estado"
            data={stateOptions.map((o) => ({ ...o, label: o.value === 'TODOS' ? o.label : labels[o.value] }))}
            value={state ?? 'TODOS'}
            onChange={(v) => onState(!v || v === 'TODOS' ? null : (v as ReconciliationState))}
            w={{ base: '100%', sm: 340 }}
          />
        </Group>
        <DataTable
          data-testid="reconciliation-table"
          columns={columns}
          rows={report.items}
          rowKey={(r) => `${r.sie}-${r.rude}`}
          page={page}
          pageSize={report.pageSize}
          total={report.total}
          onPageChange={onPage}
          loading={loading}
          minWidth={1000}
          emptyText={state ? reconciliationMessages.noRowsForState : reconciliationMessages.noRows}
        />
      </Paper>
    </Stack>
  );
}
