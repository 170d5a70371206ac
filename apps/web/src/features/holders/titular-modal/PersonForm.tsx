import { boliviaDay, latestAdultBirthDate } from '@bjp/domain';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { parseDayMonthYear } from './birth-date';

/** The 'Datos Titular' form as typed: strings, null while unset. */
export type PersonDraft = {
  carnet: string;
  complemento: string;
  paterno: string;
  materno: string;
  name: string;
  birthDate: string | null;
  gender: string | null;
  foreign: string | null;
  relationshipId: string | null;
};

export const emptyDraft = (carnet = '', complemento = ''): PersonDraft => ({
  carnet,
  complemento,
  paterno: '',
  materno: '',
  name: '',
  birthDate: null,
  gender: null,
  foreign: null,
  relationshipId: null,
});

/** Part 2 §5: extranjero, parentesco, genero, fecha_nacimiento and nombre, in that order, plus a surname. */
export function missingField(d: PersonDraft): keyof PersonDraft | null {
  if (d.foreign === null) return 'foreign';
  if (d.relationshipId === null) return 'relationshipId';
  if (d.gender === null) return 'gender';
  if (d.birthDate === null) return 'birthDate';
  if (!d.name.trim()) return 'name';
  if (!d.paterno.trim() && !d.materno.trim()) return 'paterno';
  return null;
}

/** Whether one field still lacks a value (a surname is present when either one is). */
function isEmpty(d: PersonDraft, key: keyof PersonDraft): boolean {
  if (key === 'paterno' || key === 'materno') return !d.paterno.trim() && !d.materno.trim();
  const value = d[key];
  return value === null || (typeof value === 'string' && !value.trim());
}

type Props = {
  draft: PersonDraft;
  onChange: (draft: PersonDraft) => void;
  /** Found persons have their data locked until 'Editar Datos'. */
  locked: boolean;
  relationships: Array<{ value: string; label: string }>;
  invalid: keyof PersonDraft | null;
};

const upper = (v: string) => v.toUpperCase();
const calendarLabels = {
  previousDecade: 'Década anterior',
  nextDecade: 'Década siguiente',
  previousYear: 'Año anterior',
  nextYear: 'Año siguiente',
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  // No label on the level control ('noviembre 2026'): its visible text names it (axe
  // label-content-name-mismatch), and pressing it to change the level is the calendar's habit.
};
/** Titulars are of age: the calendar offers birth dates up to the domain's limit on Bolivia's today. */
const adultLimit = () => latestAdultBirthDate(boliviaDay());

export function PersonForm({ draft, onChange, locked, relationships, invalid }: Props) {
  const set = <K extends keyof PersonDraft>(key: K, value: PersonDraft[K]) =>
    onChange({ ...draft, [key]: value });
  // The field named invalid at the last save stays red only while it is still empty.
  const err = (key: keyof PersonDraft) => (invalid === key && isEmpty(draft, key) ? true : undefined);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" data-testid="person-form">
      <TextInput label="Carnet" value={draft.carnet} disabled />
      <TextInput label="Complemento del carnet" value={draft.complemento} disabled />
      <Select
        label="Parentesco"
        placeholder="Seleccione"
        data={relationships}
        value={draft.relationshipId}
        onChange={(v) => set('relationshipId', v)}
        error={err('relationshipId')}
        withAsterisk
      />
      <TextInput
        label="Paterno"
        value={draft.paterno}
        onChange={(e) => set('paterno', upper(e.currentTarget.value))}
        disabled={locked}
        error={err('paterno')}
      />
      <TextInput
        label="Materno"
        value={draft.materno}
        onChange={(e) => set('materno', upper(e.currentTarget.value))}
        disabled={locked}
      />
      <TextInput
        label="Nombres"
        value={draft.name}
        onChange={(e) => set('name', upper(e.currentTarget.value))}
        disabled={locked}
        error={err('name')}
        withAsterisk
      />
      {/* Typed as dd/mm/aaaa or picked in the calendar. The original blocked typing (part 2 §5);
          issue 16 asks for a console usable with the keyboard alone, and a date copied from an
          identity card is typed faster than found in a calendar. */}
      <DateInput
        label="Fecha de nacimiento"
        placeholder="dd/mm/aaaa"
        valueFormat="DD/MM/YYYY"
        dateParser={parseDayMonthYear}
        value={draft.birthDate}
        onChange={(v) => set('birthDate', v)}
        maxDate={adultLimit()}
        defaultLevel="decade"
        monthsListFormat="MMMM"
        ariaLabels={calendarLabels}
        // Escape here closes the calendar, not the whole dialog with what was typed (Mantine's
        // modal skips the Escape of an element marked so, as its own selects do while open).
        data-mantine-stop-propagation="true"
        disabled={locked}
        error={err('birthDate')}
        withAsterisk
      />
      <Select
        label="Género"
        placeholder="Seleccione"
        data={[
          { value: '1', label: 'Masculino' },
          { value: '2', label: 'Femenino' },
        ]}
        value={draft.gender}
        onChange={(v) => set('gender', v)}
        disabled={locked}
        error={err('gender')}
        withAsterisk
      />
      <Select
        label="Extranjero"
        placeholder="Seleccione"
        data={[
          { value: 'false', label: 'No' },
          { value: 'true', label: 'Sí' },
        ]}
        value={draft.foreign}
        onChange={(v) => set('foreign', v)}
        disabled={locked}
        error={err('foreign')}
        withAsterisk
      />
    </SimpleGrid>
  );
}
