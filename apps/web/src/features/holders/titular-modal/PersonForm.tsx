import {
  addGuardianRequest,
  boliviaDay,
  holderMessages,
  latestAdultBirthDate,
  newTitularRequest,
  type PersonData,
} from '@bjp/domain';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { formErrors } from '../../../ui/form-errors';
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

/**
 * The draft as the API's request reads it, unset choices left out: the domain's schema then names
 * the first missing field in the specification's order (part 2 §5: extranjero, parentesco, genero,
 * fecha_nacimiento, nombre, then a surname), each with 'Ingrese todos los datos solicitados.'.
 */
export const requestOf = (d: PersonDraft) => ({
  carnet: d.carnet,
  complemento: d.complemento,
  foreign: d.foreign === null ? undefined : d.foreign === 'true',
  relationshipId: d.relationshipId === null ? undefined : Number(d.relationshipId),
  gender: d.gender === null ? undefined : Number(d.gender),
  birthDate: d.birthDate ?? undefined,
  name: d.name,
  paterno: d.paterno,
  materno: d.materno,
});

/** The person's data as the API takes them; called once the schema has passed the draft. */
export const personDataOf = (d: PersonDraft): Required<PersonData> => ({
  foreign: d.foreign === 'true',
  gender: d.gender === '1' ? 1 : 2,
  birthDate: d.birthDate ?? '',
  name: d.name.trim(),
  paterno: d.paterno.trim(),
  materno: d.materno.trim(),
});

const relationshipOnly = addGuardianRequest.pick({ relationshipId: true });

/**
 * The 'Datos Titular' form: @mantine/form over the draft, validated by the domain's schemas (the
 * API's own), one problem at a time as the original names them. `dataLocked`: a found person's data
 * are locked until 'Editar Datos', and only the relationship is asked then.
 */
export function usePersonForm(initialValues: PersonDraft, dataLocked: () => boolean = () => false) {
  return useForm<PersonDraft>({
    initialValues,
    validate: (values) =>
      formErrors((dataLocked() ? relationshipOnly : newTitularRequest).safeParse(requestOf(values)), {
        first: true,
      }),
  });
}
export type PersonFormApi = ReturnType<typeof usePersonForm>;

type Props = {
  form: PersonFormApi;
  /** Found persons have their data locked until 'Editar Datos'. */
  locked: boolean;
  relationships: Array<{ value: string; label: string }>;
};

const upper = (v: string) => v.toUpperCase();
const genderOptions = [
  { value: '1', label: 'Masculino' },
  { value: '2', label: 'Femenino' },
];
const foreignOptions = [
  { value: 'false', label: 'No' },
  { value: 'true', label: 'Sí' },
];
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

export function PersonForm({ form, locked, relationships }: Props) {
  const draft = form.getValues();
  // A typed value clears its field's mark (a surname either one); a missing field is only marked
  // red, the notice says what is missing; any other problem is written under its field.
  const set = <K extends keyof PersonDraft>(key: K, value: PersonDraft[K]) => {
    // (a value of the draft's own type: @mantine/form's path types do not follow a generic key)
    form.setFieldValue(key, value as never);
    if (key === 'materno') form.clearFieldError('paterno');
  };
  const err = (key: keyof PersonDraft) => {
    const message = form.errors[key];
    if (!message) return undefined;
    return message === holderMessages.fillAll ? true : message;
  };
  const choice = (key: 'gender' | 'foreign', label: string, data: typeof genderOptions) => (
    <Select
      label={label}
      placeholder="Seleccione"
      data={data}
      value={draft[key]}
      onChange={(v) => set(key, v)}
      disabled={locked}
      error={err(key)}
      withAsterisk
    />
  );
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
      {choice('gender', 'Género', genderOptions)}
      {choice('foreign', 'Extranjero', foreignOptions)}
    </SimpleGrid>
  );
}
