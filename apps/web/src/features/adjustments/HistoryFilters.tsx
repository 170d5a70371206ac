import {
  type AdjustmentHistoryQuery,
  addDays,
  adjustmentKindLabels,
  adjustmentKinds,
  holderTypeOptions,
  SEARCH_MAX_LENGTH,
} from '@bjp/domain';
import { ActionIcon, Button, Group, Select, TextInput, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';

export type Filters = Omit<AdjustmentHistoryQuery, 'page' | 'sie'>;

type Props = {
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** The variant with the day navigator (previous / next day; 'Hoy' toggles the filter). */
  dayNavigator?: boolean;
  today: string;
};

const empty = (v: string) => (v.trim() === '' ? undefined : v);

/** Filters of 'Historial Ajustes Solicitados': name or RUDE, holder CI, holder type, request type, date. */
export function HistoryFilters({ filters, onChange, dayNavigator = false, today }: Props) {
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <TextInput
        label="Nombre o RUDE"
        value={filters.search ?? ''}
        onChange={(e) => set({ search: empty(e.currentTarget.value) })}
        maxLength={SEARCH_MAX_LENGTH}
        w={190}
      />
      <TextInput
        label="CI titular"
        value={filters.carnet ?? ''}
        onChange={(e) => set({ carnet: empty(e.currentTarget.value.toUpperCase()) })}
        maxLength={15}
        w={130}
      />
      <Select
        label="Tipo titular"
        placeholder="Todos"
        clearable
        data={holderTypeOptions.map((h) => ({ value: String(h.id), label: h.name }))}
        value={filters.holderType ? String(filters.holderType) : null}
        onChange={(v) => set({ holderType: v ? Number(v) : undefined })}
        w={150}
      />
      <Select
        label="Solicitud"
        placeholder="Todas"
        clearable
        data={adjustmentKinds.map((k) => ({ value: k, label: adjustmentKindLabels[k] }))}
        value={filters.kind ?? null}
        onChange={(v) => set({ kind: (v as Filters['kind']) ?? undefined })}
        w={230}
      />
      <TextInput
        label="Fecha"
        type="date"
        value={filters.date ?? ''}
        onChange={(e) => set({ date: empty(e.currentTarget.value) })}
        w={160}
        aria-label="Fecha de solicitud"
      />
      {dayNavigator && (
        <Group gap={4} data-testid="day-navigator">
          <Tooltip label="Día anterior">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Día anterior"
              onClick={() => set({ date: addDays(filters.date ?? today, -1) })}
            >
              <IconChevronLeft size={16} />
            </ActionIcon>
          </Tooltip>
          <Button
            variant={filters.date === today ? 'filled' : 'default'}
            onClick={() => set({ date: filters.date === today ? undefined : today })}
          >
            Hoy
          </Button>
          <Tooltip label="Día siguiente">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Día siguiente"
              onClick={() => set({ date: addDays(filters.date ?? today, 1) })}
            >
              <IconChevronRight size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
      <Tooltip label="Limpiar filtros">
        <ActionIcon variant="subtle" size="lg" aria-label="Limpiar filtros" onClick={() => onChange({})}>
          <IconX size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
