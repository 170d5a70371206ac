import { createField, defaultFormConfig, departments, type FieldDefinition, occupations } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { enrollmentForms, enrollmentFormVersions, events, periods, places } from '../schema/index.js';
import { adultFemaleNames, adultMaleNames, andeanSurnames, titleCase } from './names.js';
import { addDays } from './timeline.js';

const field = (kind: Parameters<typeof createField>[0], id: string, changes: Partial<FieldDefinition>) =>
  ({ ...createField(kind, id), ...changes }) as FieldDefinition;

function withOptions(definition: FieldDefinition, labels: string[]): FieldDefinition {
  if (!('options' in definition)) return definition;
  const items = labels.map((label, i) => ({ label, value: String(i + 1) }));
  return { ...definition, options: { ...definition.options, items } };
}

/** A text[] built from one parameter (Drizzle would expand a JS array into a list). */
const textArray = (values: readonly string[]) => sql`string_to_array(${values.join('|')}, '|')`;

/** Three builder forms of the kinds the ministry uses. */
const forms: Array<{ name: string; description: string; fields: FieldDefinition[] }> = [
  {
    name: 'Inscripción Olimpiada Científica',
    description: 'Datos del colegio y del área de competencia',
    fields: [
      field('input', 'campo_Oc1a2', { name: 'unidad_educativa', label: 'Unidad educativa' }),
      withOptions(
        field('select', 'campo_Oc3b4', { name: 'area', label: 'Área', placeholder: 'Seleccione el área' }),
        ['Matemática', 'Física', 'Química', 'Biología'],
      ),
      field('switch', 'campo_Oc5c6', {
        name: 'acepta_reglamento',
        label: 'Acepta el reglamento',
        required: true,
      }),
    ],
  },
  {
    name: 'Inscripción Taller Docente',
    description: 'Taller de formación para maestras y maestros',
    fields: [
      withOptions(field('radio', 'campo_Td1a2', { name: 'turno', label: 'Turno' }), [
        'Mañana',
        'Tarde',
        'Noche',
      ]),
      field('time', 'campo_Td3b4', { name: 'hora_llegada', label: 'Hora de llegada' }),
      field('number', 'campo_Td5c6', {
        name: 'anios_servicio',
        label: 'Años de servicio',
        min: 0,
        max: 50,
      } as Partial<FieldDefinition>),
    ],
  },
  {
    name: 'Inscripción Feria Educativa',
    description: 'Expositores de la feria',
    fields: [
      field('input', 'campo_Fe1a2', {
        name: 'proyecto',
        label: 'Nombre del proyecto',
        inputType: 'textarea',
      } as Partial<FieldDefinition>),
      withOptions(field('checkbox', 'campo_Fe3b4', { name: 'necesidades', label: 'Necesita' }), [
        'Mesa',
        'Electricidad',
        'Proyector',
      ]),
    ],
  },
];

/**
 * Demo data of the events back-office around `today`: places, stages (one open to every instance for
 * the institution enrollment page), forms, events in the three states, and public enrollments in the
 * active ones. Small and fixed: the same rows at every scale.
 */
export async function loadEvents(tx: Executor, today: string): Promise<void> {
  const placeRows = await tx
    .insert(places)
    .values(
      [
        'Auditorio del Ministerio',
        'Coliseo Julio Borelli',
        'Salón Unidad Educativa Ayacucho',
        'Campo ferial Chuquiago Marka',
        'Teatro al Aire Libre',
        'Aula virtual',
      ].map((description, i) => ({
        description,
        capacity: [300, 2000, 120, 1500, 800, 500][i],
        reference: addDays(today, -40 + i),
        state: i !== 5,
      })),
    )
    .returning({ id: places.id });
  const stage = (
    name: string,
    phase: string,
    from: number,
    to: number,
    flags: [boolean, boolean, boolean],
    state = 'VIGENTE',
  ) => ({
    name,
    phase,
    subsystems: ['Regular', 'Especial'],
    startsOn: addDays(today, from),
    endsOn: addDays(today, to),
    departmental: flags[0],
    district: flags[1],
    institutional: flags[2],
    state,
  });
  const stageRows = await tx
    .insert(periods)
    .values([
      stage('Olimpiada Científica 2025', 'Etapa institucional', -10, 20, [true, true, true]),
      stage('Olimpiada Científica 2025', 'Etapa distrital', 21, 40, [true, true, false], 'PROGRAMADO'),
      stage('Olimpiada Científica 2025', 'Etapa departamental', 41, 60, [true, false, false], 'PROGRAMADO'),
      stage('Formación docente', 'Talleres de gestión', -60, -30, [false, true, true], 'CONCLUIDO'),
    ])
    .returning({ id: periods.id });
  const formRows = await tx
    .insert(enrollmentForms)
    .values(forms.map((f) => ({ name: f.name, description: f.description })))
    .returning({ id: enrollmentForms.id });
  await tx.insert(enrollmentFormVersions).values(
    forms.map((f, i) => ({
      formId: formRows[i]!.id,
      version: 1,
      name: f.name,
      description: f.description,
      definition: { config: defaultFormConfig, fields: f.fields },
    })),
  );

  const titles = [
    'Olimpiada Científica',
    'Taller de Gestión Educativa',
    'Feria Educativa',
    'Encuentro de Directores',
    'Jornada de Lectura',
    'Festival de Danza',
  ];
  const rows = Array.from({ length: 24 }, (_, i) => {
    const state = i < 6 ? 1 : i < 14 ? 2 : 3;
    const start = state === 3 ? -40 + i : 3 + i;
    return {
      title: `${titles[i % titles.length]} ${2025 - (state === 3 ? 1 : 0)} – ${departments[i % 9].name}`,
      description: `Actividad del programa en ${departments[i % 9].name}`,
      detail: 'Presentarse con carnet de identidad.',
      startsOn: addDays(today, start),
      endsOn: addDays(today, start + (i % 3)),
      duration: (i % 3) + 1,
      placeId: placeRows[i % 5].id,
      kindEventId: stageRows[i % 4].id,
      enrollmentFormId: formRows[i % 3].id,
      enrollmentFormVersion: 1,
      minimum: 10,
      maximum: 50 + (i % 4) * 50,
      withLimitControl: i % 7 !== 0,
      state,
      inbox: state === 1 ? 0 : 1,
    };
  });
  await tx.insert(events).values(rows);

  // Enrollments of active and concluded events: 5 to 44 each, with names that pass the form's rules.
  const surnames = andeanSurnames.slice(0, 30).map(titleCase);
  const given = [...adultFemaleNames.slice(0, 15), ...adultMaleNames.slice(0, 15)].map((n) =>
    titleCase(n.split(' ')[0]),
  );
  await tx.execute(sql`
    INSERT INTO event_enrollments (event_id, document, complement, nationality, first_last_name, second_last_name, name,
      phone, email, job, institution, position, birth_date, department, extra)
    SELECT e.id, (3000000 + e.id * 1000 + g)::text, '', 1,
      (${textArray(surnames)})[1 + (e.id * 7 + g) % 30], (${textArray(surnames)})[1 + (e.id + g * 3) % 30],
      (${textArray(given)})[1 + (e.id * 11 + g) % 30],
      (70000000 + e.id * 1000 + g)::text, 'participante' || e.id || '_' || g || '@correo.bo',
      (${textArray(occupations)})[1 + g % 8], 'Unidad Educativa', 'Participante',
      DATE '1980-01-01' + ((e.id * 97 + g * 31) % 9000), (${textArray(departments.map((d) => d.name))})[1 + e.id % 9], '{}'::jsonb
    FROM events e CROSS JOIN LATERAL generate_series(1, 5 + (e.id * 13) % 40) AS g
    WHERE e.state <> 1 AND (NOT e.with_limit_control OR g <= e.maximum)`);
  // Free places of the events with a maximum, split in shards as seats.ts does for new events.
  await tx.execute(sql`
    INSERT INTO event_seats (event_id, shard, remaining)
    SELECT e.id, s.shard, free.n / k.shards + CASE WHEN s.shard < free.n % k.shards THEN 1 ELSE 0 END
    FROM events e
    CROSS JOIN LATERAL (SELECT greatest(0, e.maximum - (SELECT count(*) FROM event_enrollments x
      WHERE x.event_id = e.id))::int AS n) free
    CROSS JOIN LATERAL (SELECT least(16, greatest(1, e.maximum))::int AS shards) k
    CROSS JOIN LATERAL generate_series(0, k.shards - 1) AS s(shard)
    WHERE e.with_limit_control`);
}
