import {
  type DeclarationKind,
  declarationKindLabels,
  departments,
  formatDateTime,
  NOVELTY_PAGE_SIZE,
  type NoveltyRow,
  noveltiesTitle,
} from '@bjp/domain';
import { Badge, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSessionUser } from '../../app/auth/session';
import type { Column } from '../../ui/DataTable';
import { DayInput } from '../../ui/DayInput';
import { PageHeader } from '../../ui/PageHeader';
import { QueryTable } from '../../ui/QueryTable';
import { SpanishDates } from '../../ui/SpanishDates';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { useNovelties } from './api';

const kindColor: Record<NoveltyRow['kind'], string> = {
  payment: 'green',
  block: 'red',
  unblock: 'teal',
  removal: 'gray',
  titular_change: 'orange',
  titular_reenable: 'yellow',
  sereci: 'blue',
};

const columns: Column<NoveltyRow>[] = [
  { key: 'at', header: 'FECHA Y HORA', render: (r) => formatDateTime(r.at), width: 130 },
  {
    key: 'what',
    header: 'QUÉ CAMBIÓ',
    width: 240,
    render: (r) => (
      <Stack gap={2} align="flex-start">
        <Badge color={kindColor[r.kind]} variant="light" styles={{ label: { overflow: 'visible' } }}>
          {r.label}
        </Badge>
        {r.detail && (
          <Text size="xs" c="dimmed">
            {r.detail}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'student',
    header: 'ESTUDIANTE',
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm">{r.student}</Text>
        <Text size="xs" c="dimmed">
          RUDE {r.rude}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'school',
    header: 'UE/CEE',
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm">{r.institutionName}</Text>
        <Text size="xs" c="dimmed">
          SIE {r.sie}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'by',
    header: 'POR',
    // A sync names its run first; who pressed the button is secondary.
    render: (r) => {
      if (r.syncRunId === null) return <Text size="sm">{r.by}</Text>;
      const pressedBy = r.by.split(' (')[1]?.replace(/\)$/, '');
      return (
        <Stack gap={0}>
          <Text size="sm">Sincronización N.º&nbsp;{r.syncRunId}</Text>
          <Text size="xs" c="dimmed">
            Síntesis{pressedBy ? ` · ejecutada por ${pressedBy}` : ''}
          </Text>
        </Stack>
      );
    },
  },
  {
    key: 'declaration',
    header: 'POSTERIOR A',
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm">
          {r.declarationKind === 'holders' ? 'Registro de titulares' : 'Validación de pagados'} v
          {r.declarationVersion}
        </Text>
        <Text size="xs" c="dimmed">
          Consolidada el {formatDateTime(r.consolidatedAt)}
        </Text>
      </Stack>
    ),
  },
];

type Filters = {
  departmentId?: number;
  districtId?: number;
  sie?: number;
  kind?: DeclarationKind;
  from?: string;
  to?: string;
};

/** The applied filters and the page in the address; the form is a draft until 'Buscar'. */
const noveltyParams = {
  department: urlParam.int({ max: 9 }),
  district: urlParam.int(),
  sie: urlParam.int(),
  kind: urlParam.optionalOneOf(['holders', 'paid_validation'] satisfies DeclarationKind[]),
  from: urlParam.day(),
  to: urlParam.day(),
  page: urlParam.page(),
};

const asNumber = (v: string | number) => (typeof v === 'number' && v > 0 ? v : undefined);

/**
 * 'Novedades posteriores a la consolidación' (issue 12): what changed for the students of
 * consolidated schools after their declaration was stored, in the caller's place (national,
 * department or district staff); the declarations themselves never change.
 */
export function NoveltiesPage() {
  const user = useSessionUser();
  const kind = user?.scope.kind ?? 'none';
  const [url, set] = useUrlState(noveltyParams);
  const filters: Filters = {
    departmentId: url.department ?? undefined,
    districtId: url.district ?? undefined,
    sie: url.sie ?? undefined,
    kind: url.kind ?? undefined,
    from: url.from ?? undefined,
    to: url.to ?? undefined,
  };
  const page = url.page;
  const setPage = (next: number) => set({ page: next });
  const [draft, setDraft] = useState<Filters>(filters);
  // Back or a link brings other filters: the form shows them.
  const applied = JSON.stringify(filters);
  useEffect(() => setDraft(JSON.parse(applied)), [applied]);
  const list = useNovelties({ ...filters, page });
  const apply = (next: Filters) =>
    set({
      department: next.departmentId ?? null,
      district: next.districtId ?? null,
      sie: next.sie ?? null,
      kind: next.kind ?? null,
      from: next.from ?? null,
      to: next.to ?? null,
      page: 1,
    });
  const clear = () => {
    setDraft({});
    apply({});
  };
  return (
    <Stack gap="md">
      <PageHeader
        title={noveltiesTitle}
        breadcrumbs={['Seguimiento Operativo BJP', noveltiesTitle]}
        description={
          <Text size="sm" c="dimmed" maw={820}>
            Cambios que tocaron a estudiantes de unidades educativas ya consolidadas, después de su
            consolidación: pagos informados por Síntesis, bloqueos, bajas, cambios de titular y validaciones
            SERECI. La declaración consolidada no cambia; esta lista dice qué pasó después.
            {user?.scope.label ? ` Ámbito: ${user.scope.label}.` : ''}
          </Text>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SpanishDates>
          <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="sm">
            {kind === 'national' && (
              <Select
                label="Departamento"
                placeholder="Todos"
                clearable
                data={departments.map((d) => ({ value: String(d.id), label: d.name }))}
                value={draft.departmentId ? String(draft.departmentId) : null}
                onChange={(v) => setDraft({ ...draft, departmentId: v ? Number(v) : undefined })}
              />
            )}
            {(kind === 'national' || kind === 'department') && (
              <NumberInput
                label="Código de distrito"
                placeholder="Todos"
                hideControls
                allowDecimal={false}
                allowNegative={false}
                value={draft.districtId ?? ''}
                onChange={(v) => setDraft({ ...draft, districtId: asNumber(v) })}
              />
            )}
            <NumberInput
              label="Código SIE"
              placeholder="Todas"
              hideControls
              allowDecimal={false}
              allowNegative={false}
              value={draft.sie ?? ''}
              onChange={(v) => setDraft({ ...draft, sie: asNumber(v) })}
            />
            <Select
              label="Declaración"
              placeholder="Todas"
              clearable
              data={(Object.keys(declarationKindLabels) as DeclarationKind[]).map((k) => ({
                value: k,
                label: k === 'holders' ? 'Registro de titulares' : 'Validación de pagados',
              }))}
              value={draft.kind ?? null}
              onChange={(v) => setDraft({ ...draft, kind: (v as DeclarationKind | null) ?? undefined })}
            />
            <DayInput
              label="Desde"
              placeholder="dd/mm/aaaa"
              clearable
              value={draft.from ?? null}
              onChange={(v) => setDraft({ ...draft, from: v ?? undefined })}
            />
            <DayInput
              label="Hasta"
              placeholder="dd/mm/aaaa"
              clearable
              value={draft.to ?? null}
              onChange={(v) => setDraft({ ...draft, to: v ?? undefined })}
            />
          </SimpleGrid>
        </SpanishDates>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={clear}>
            Limpiar
          </Button>
          <Button onClick={() => apply(draft)}>Buscar</Button>
        </Group>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <QueryTable
          query={list}
          data-testid="novelties"
          columns={columns}
          rowKey={(r) => r.key}
          page={page}
          pageSize={NOVELTY_PAGE_SIZE}
          onPageChange={setPage}
          emptyText="No hay novedades posteriores a la consolidación en este ámbito."
          minWidth={1000}
        />
      </Paper>
    </Stack>
  );
}
