import {
  type ReconciliationLevel,
  type ReconciliationState,
  reconciliationLevels,
  reconciliationMessages,
  reconciliationStates,
  type SessionUser,
  trackingMessages,
} from '@bjp/domain';
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { useSessionUser } from '../../app/auth/session';
import { CodeFinder } from '../../ui/CodeFinder';
import { PageHeader } from '../../ui/PageHeader';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { useInstitutionOptions } from './api';
import { ReconciliationView } from './ReconciliationView';
import { type ReconciliationTarget, useReconciliation } from './reconciliation-api';

const levelLabels: Record<ReconciliationLevel, string> = {
  national: 'Nacional',
  department: 'Departamento',
  district: 'Distrito',
  institution: 'UE/CEE',
};

const finders: Record<
  Exclude<ReconciliationLevel, 'national'>,
  { label: string; empty: string; max: number }
> = {
  department: { label: 'Código de Departamento', empty: trackingMessages.departmentCodeRequired, max: 2 },
  district: { label: 'Código de Distrito', empty: trackingMessages.districtCodeRequired, max: 8 },
  institution: { label: 'Código SIE', empty: trackingMessages.sieCodeRequired, max: 10 },
};

type Scope = SessionUser['scope'];

/** The levels the caller may choose, from their own place down (the server checks the same). */
function levelsFor(scope: Scope | undefined): ReconciliationLevel[] {
  switch (scope?.kind) {
    case 'national':
      return ['national', 'department', 'district', 'institution'];
    case 'department':
      return ['department', 'district', 'institution'];
    case 'district':
      return ['district', 'institution'];
    case 'institutions':
      return ['institution'];
    default:
      return [];
  }
}

/** The caller's own place at its level (their department or district), chosen without typing a code. */
function ownId(scope: Scope | undefined, level: ReconciliationLevel): number | null {
  if (level === 'department' && scope?.kind === 'department') return scope.departmentId;
  if (level === 'district' && scope?.kind === 'district') return scope.districtId;
  return null;
}

/** The level, each level's code, the state filter and the page in the address. */
const reconciliationParams = {
  level: urlParam.optionalOneOf(reconciliationLevels),
  department: urlParam.int({ max: 9 }),
  district: urlParam.int(),
  institution: urlParam.int(),
  state: urlParam.optionalOneOf(reconciliationStates),
  page: urlParam.page(),
};

/**
 * 'Conciliación Banco – DDJJ': choose the place (country, department, district or school within the
 * caller's scope), then read the discrepancies between the bank and the sworn declarations.
 */
export function ReconciliationPage() {
  const user = useSessionUser();
  const levels = levelsFor(user?.scope);
  const phone = useMediaQuery('(max-width: 30em)');
  const [url, set] = useUrlState(reconciliationParams);
  // A level the user cannot read (an old link, a typo) reads as their first one.
  const level = url.level && levels.includes(url.level) ? url.level : (levels[0] ?? null);
  const setLevel = (next: ReconciliationLevel) => set({ level: next === levels[0] ? null : next });
  const codes: Partial<Record<ReconciliationLevel, number>> = {
    department: url.department ?? undefined,
    district: url.district ?? undefined,
    institution: url.institution ?? undefined,
  };
  const setCode = (at: ReconciliationLevel, code: number) =>
    at !== 'national' && set({ [at]: code } as Partial<typeof url>);
  const [choice, setChoice] = useState<string | null>(url.institution ? String(url.institution) : null);
  const state = url.state;
  const setState = (next: ReconciliationState | null) => set({ state: next });
  const director = user?.scope.kind === 'institutions';
  const schools = useInstitutionOptions(director);

  const id = level ? (ownId(user?.scope, level) ?? codes[level] ?? null) : null;
  const target: ReconciliationTarget | null =
    level === 'national' ? { level } : level && id !== null ? { level, id } : null;
  const page = url.page;
  const setPage = (next: number) => set({ page: next });
  const report = useReconciliation(target, page, state);
  const finder = level && level !== 'national' && ownId(user?.scope, level) === null && !director;

  return (
    <Stack>
      <PageHeader
        title={reconciliationMessages.title}
        breadcrumbs={['Reportes']}
        description="Estudiantes cuyo pago según el banco y la declaración jurada (DDJJ) de pagados en vigor de su unidad educativa no coinciden, con el monto de cada caso."
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          {levels.length > 1 && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Nivel
              </Text>
              <SegmentedControl
                data={levels.map((l) => ({ value: l, label: levelLabels[l] }))}
                value={level ?? undefined}
                onChange={(v) => setLevel(v as ReconciliationLevel)}
                // Four levels do not fit side by side on a phone ('Departamento' alone is 95 px).
                orientation={phone ? 'vertical' : 'horizontal'}
                fullWidth
                maw={560}
              />
            </Stack>
          )}
          {level && ownId(user?.scope, level) !== null && (
            <Text size="sm" c="dimmed">
              {levelLabels[level]} del usuario: {user?.scope.label}
            </Text>
          )}
          {finder && (
            <Box maw={480}>
              <CodeFinder
                key={level}
                label={finders[level].label}
                emptyMessage={finders[level].empty}
                maxLength={finders[level].max}
                defaultValue={codes[level] ? String(codes[level]) : ''}
                loading={report.isFetching}
                onSearch={(value) => setCode(level, Number(value))}
              />
            </Box>
          )}
          {director && (
            <Group align="flex-end" wrap="nowrap" maw={560}>
              <Select
                label="Seleccione Institución"
                placeholder="Seleccione Institución"
                data={(schools.data?.items ?? []).map((i) => ({
                  value: String(i.id),
                  label: `${i.id} - ${i.name}`,
                }))}
                value={choice}
                onChange={setChoice}
                style={{ flex: 1 }}
              />
              <Button onClick={() => choice && setCode('institution', Number(choice))} disabled={!choice}>
                Buscar
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      {levels.length === 0 && <Alert color="red">{trackingMessages.invalidUser}</Alert>}
      {report.isError && <Alert color="red">{errorMessage(report.error)}</Alert>}
      {report.isLoading && <Loader mx="auto" />}
      {report.data && target && !report.isError && (
        <ReconciliationView
          report={report.data}
          target={target}
          state={state}
          onState={setState}
          page={page}
          onPage={setPage}
          loading={report.isFetching}
        />
      )}
    </Stack>
  );
}
