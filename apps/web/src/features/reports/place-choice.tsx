import {
  type ReconciliationLevel,
  reconciliationLevels,
  type SessionUser,
  trackingMessages,
} from '@bjp/domain';
import { Box, Button, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useSessionUser } from '../../app/auth/session';
import { CodeFinder } from '../../ui/CodeFinder';
import { type UrlChange, type UrlStateOf, urlParam } from '../../ui/url-state';
import { useInstitutionOptions } from './api';
import type { ReconciliationTarget } from './reconciliation-api';

/**
 * The place of a report read at any level within the caller's scope (country, department, district
 * or school): 'Conciliación Banco – DDJJ' and 'Pagos observados' choose it the same way.
 */

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

/** The level and each level's code in the address; a page spreads them into its own parameters. */
export const placeParams = {
  level: urlParam.optionalOneOf(reconciliationLevels),
  department: urlParam.int({ max: 9 }),
  district: urlParam.int(),
  institution: urlParam.int(),
};
type PlaceUrl = UrlStateOf<typeof placeParams>;

/** The place the address names, read against the caller's scope, and how to change it. */
export function usePlaceChoice(url: PlaceUrl, set: (change: UrlChange<typeof placeParams>) => void) {
  const user = useSessionUser();
  const levels = levelsFor(user?.scope);
  // A level the user cannot read (an old link, a typo) reads as their first one.
  const level = url.level && levels.includes(url.level) ? url.level : (levels[0] ?? null);
  const codes: Partial<Record<ReconciliationLevel, number>> = {
    department: url.department ?? undefined,
    district: url.district ?? undefined,
    institution: url.institution ?? undefined,
  };
  const id = level ? (ownId(user?.scope, level) ?? codes[level] ?? null) : null;
  const target: ReconciliationTarget | null =
    level === 'national' ? { level } : level && id !== null ? { level, id } : null;
  return {
    user,
    levels,
    level,
    codes,
    target,
    director: user?.scope.kind === 'institutions',
    setLevel: (next: ReconciliationLevel) => set({ level: next === levels[0] ? null : next }),
    setCode: (at: ReconciliationLevel, code: number) => at !== 'national' && set({ [at]: code }),
  };
}

export type PlaceChoice = ReturnType<typeof usePlaceChoice>;

/** The panel that chooses the place: the level, then the caller's own place, a code or a school. */
export function PlaceChooser({ choice, loading }: { choice: PlaceChoice; loading: boolean }) {
  const { user, levels, level, codes, director } = choice;
  const phone = useMediaQuery('(max-width: 30em)');
  const [school, setSchool] = useState<string | null>(codes.institution ? String(codes.institution) : null);
  const schools = useInstitutionOptions(director);
  const finder = level && level !== 'national' && ownId(user?.scope, level) === null && !director;
  return (
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
              onChange={(v) => choice.setLevel(v as ReconciliationLevel)}
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
              loading={loading}
              onSearch={(value) => choice.setCode(level, Number(value))}
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
              value={school}
              onChange={setSchool}
              style={{ flex: 1 }}
            />
            <Button
              onClick={() => school && choice.setCode('institution', Number(school))}
              disabled={!school}
            >
              Buscar
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
