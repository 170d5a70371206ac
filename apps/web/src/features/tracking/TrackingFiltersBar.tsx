import { SEARCH_MAX_LENGTH, type TrackingOverview } from '@bjp/domain';
import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import type { TrackingFilters } from './api';

type Props = {
  overview: TrackingOverview;
  filters: TrackingFilters;
  onChange: (next: TrackingFilters) => void;
};

/** Código, Institución, Distrito (department level), Subsistema and Estado. */
export function TrackingFiltersBar({ overview, filters, onChange }: Props) {
  const set = (patch: Partial<TrackingFilters>) => onChange({ ...filters, ...patch });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label="Código"
        inputMode="numeric"
        w={130}
        value={filters.code}
        onChange={(e) => set({ code: e.currentTarget.value.replace(/\D/g, '') })}
      />
      <TextInput
        label="Institución"
        w={220}
        value={filters.name}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => set({ name: e.currentTarget.value })}
      />
      {overview.place.level === 'department' && (
        <Select
          label="Distrito"
          w={200}
          clearable
          searchable
          data={overview.districts.map((d) => ({ value: String(d.id), label: d.name }))}
          value={filters.districtId}
          onChange={(v) => set({ districtId: v })}
        />
      )}
      <Select
        label="Subsistema"
        w={150}
        clearable
        data={overview.subsystems}
        value={filters.subsystem}
        onChange={(v) => set({ subsystem: v })}
      />
      <SegmentedControl
        aria-label="Estado"
        value={filters.status}
        onChange={(v) => set({ status: v as TrackingFilters['status'] })}
        data={[
          { value: 'TODOS', label: 'Todos' },
          { value: 'PENDIENTE', label: 'PENDIENTE' },
          { value: 'CONCLUIDO', label: 'CONCLUIDO' },
        ]}
      />
    </Group>
  );
}
