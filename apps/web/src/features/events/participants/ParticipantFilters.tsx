import { departments, participantStatuses, participantStatusLabels } from '@bjp/domain';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { DayInput } from '../../../ui/DayInput';
import { SpanishDates } from '../../../ui/SpanishDates';
import { type ParticipantFiltersState, participantParams } from './use-participant-filters';

/** The search and the filters above the participants list: department, institution, state, dates. */
export function ParticipantFilters({ state }: { state: ParticipantFiltersState }) {
  const { filters, set, q, setQ, institution, setInstitution } = state;
  return (
    <SpanishDates>
      <TextInput
        mb="sm"
        label="Buscar"
        leftSection={<IconSearch size={16} />}
        placeholder="Nombre, apellido o documento"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
      />
      {/* Two columns even on a phone, so the filters do not push the list off the first screen. */}
      <SimpleGrid cols={{ base: 2, lg: 5 }} spacing="sm" mb="md">
        <Select
          label="Departamento"
          placeholder="Todos"
          clearable
          data={departments.map((d) => d.name)}
          value={filters.department ?? null}
          onChange={(v) => set({ department: participantParams.department.parse(v) })}
        />
        <TextInput
          label="Institución"
          placeholder="Contiene…"
          value={institution}
          onChange={(e) => setInstitution(e.currentTarget.value)}
        />
        <Select
          label="Estado"
          data={participantStatuses.map((s) => ({ value: s, label: participantStatusLabels[s] }))}
          value={filters.status}
          onChange={(v) => set({ status: participantParams.status.parse(v) })}
        />
        <DayInput
          label="Inscritos desde"
          placeholder="dd/mm/aaaa"
          clearable
          value={filters.from ?? null}
          onChange={(v) => set({ from: v ?? null })}
        />
        <DayInput
          label="Inscritos hasta"
          placeholder="dd/mm/aaaa"
          clearable
          value={filters.to ?? null}
          onChange={(v) => set({ to: v ?? null })}
        />
      </SimpleGrid>
    </SpanishDates>
  );
}
