import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createField, defaultFormConfig, eventStates, type FieldDefinition } from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import {
  enrollmentForms,
  enrollmentFormVersions,
  eventSeats,
  events,
  periods,
  places,
} from '../../db/schema/index.js';
import { seatShards } from '../../modules/events/index.js';

/** A data folder of its own for a test app, so uploads never land in the repository's data/. */
export const tempDataDir = () => mkdtempSync(path.join(tmpdir(), 'bjp-events-test-'));

let placeCount = 0;

/** Each call a new name by default: two active places may not share name and reference. */
export async function makePlace(db: Executor, attrs: { state?: boolean; description?: string } = {}) {
  placeCount += 1;
  const [row] = await db
    .insert(places)
    .values({
      description: attrs.description ?? `Auditorio central ${placeCount}`,
      capacity: 300,
      reference: '2025-11-01',
      state: attrs.state ?? true,
    })
    .returning();
  return row!;
}

export async function makePeriod(
  db: Executor,
  attrs: {
    phase?: string;
    active?: boolean;
    startsOn?: string;
    endsOn?: string;
    departmental?: boolean;
    district?: boolean;
    institutional?: boolean;
  } = {},
) {
  const [row] = await db
    .insert(periods)
    .values({
      name: 'Olimpiadas 2025',
      phase: attrs.phase ?? 'Etapa distrital',
      subsystems: ['Regular'],
      startsOn: attrs.startsOn ?? '2025-11-01',
      endsOn: attrs.endsOn ?? '2025-12-15',
      departmental: attrs.departmental ?? true,
      district: attrs.district ?? true,
      institutional: attrs.institutional ?? true,
      active: attrs.active ?? true,
      state: 'VIGENTE',
    })
    .returning();
  return row!;
}

/** Three dynamic fields: a text, a select list (options 1 and 2) and a switch. */
export function sampleFields(): FieldDefinition[] {
  return [
    { ...createField('input', 'campo_Texto'), name: 'colegio', label: 'Colegio' },
    { ...createField('select', 'campo_Lista'), name: 'turno', label: 'Turno' },
    { ...createField('switch', 'campo_Inter'), name: 'acepta', label: 'Acepta el reglamento' },
  ];
}

let formCount = 0;

/** A form with its version 1; each gets its own name unless given one (active names are unique). */
export async function makeForm(
  db: Executor,
  attrs: { state?: boolean; fields?: FieldDefinition[]; name?: string } = {},
) {
  const name = attrs.name ?? `Formulario de prueba ${++formCount}`;
  const [row] = await db
    .insert(enrollmentForms)
    .values({ name, state: attrs.state ?? true })
    .returning();
  await db.insert(enrollmentFormVersions).values({
    formId: row!.id,
    version: 1,
    name,
    definition: { config: defaultFormConfig, fields: attrs.fields ?? sampleFields() },
  });
  return row!;
}

/** An event in any state (default active, ending after the tests' pinned day of 2025-11-20). */
export async function makeEvent(
  db: Executor,
  attrs: {
    state?: number;
    maximum?: number;
    withLimitControl?: boolean;
    startsOn?: string;
    endsOn?: string;
    fields?: FieldDefinition[];
    title?: string;
  } = {},
) {
  const place = await makePlace(db);
  const period = await makePeriod(db);
  const form = await makeForm(db, { fields: attrs.fields });
  const state = attrs.state ?? eventStates.active;
  const [row] = await db
    .insert(events)
    .values({
      title: attrs.title ?? 'Feria científica',
      description: 'Feria de ciencias',
      detail: 'Traer material',
      startsOn: attrs.startsOn ?? '2025-11-25',
      endsOn: attrs.endsOn ?? '2025-11-27',
      duration: 3,
      placeId: place.id,
      kindEventId: period.id,
      enrollmentFormId: form.id,
      enrollmentFormVersion: form.version,
      minimum: 0,
      maximum: attrs.maximum ?? 100,
      withLimitControl: attrs.withLimitControl ?? true,
      state,
      inbox: state === eventStates.created ? 0 : 1,
    })
    .returning();
  if (row!.withLimitControl) {
    await db
      .insert(eventSeats)
      .values(seatShards(row!.maximum).map((remaining, shard) => ({ eventId: row!.id, shard, remaining })));
  }
  return row!;
}

/** A PNG signature and IHDR header claiming `width` × `height` pixels, padded to `size` bytes. */
export const pngBytes = (size = 200, width = 40, height = 20) => {
  const bytes = Buffer.alloc(Math.max(size, 33), 0x20);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.set([8, 6, 0, 0, 0], 24); // 8-bit RGBA, no interlace
  return bytes;
};

export const pdfBytes = (size = 300) => {
  const bytes = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.7\n').copy(bytes);
  return bytes;
};

type Part = string | { bytes: Buffer; filename: string; type?: string };

/** A multipart body for app.inject, built by the platform's FormData (the browser's encoding). */
export async function multipartPayload(parts: Record<string, Part | Part[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    for (const part of [value].flat()) {
      if (typeof part === 'string') form.append(name, part);
      else
        form.append(
          name,
          new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'application/octet-stream' }),
          part.filename,
        );
    }
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** A participant that passes every rule of part 1 §5. */
export function validParticipant(document = '1234567') {
  return {
    document,
    complement: '',
    nationality: 1,
    firstLastName: 'Mamani',
    secondLastName: 'Quispe',
    name: 'Juana',
    phone: '71234567',
    email: 'juana@example.com',
    job: 'Docente',
    institution: 'Unidad Educativa',
    position: 'Profesora',
    birthDate: '1990-04-12',
    department: 'La Paz',
    extra: { colegio: 'Colegio Ayacucho', turno: '1', acepta: true },
  };
}

/** The ids an event is registered with: its place, kind of event and enrollment form. */
export type EventChoices = { placeId: number; kindEventId: number; enrollmentFormId: number };

/** The form fields of a valid 'Registrar evento' (multipart strings) with these choices. */
export const eventFormFields = (choices: EventChoices, overrides: Record<string, string> = {}) => ({
  title: 'Encuentro de directores',
  description: 'Encuentro nacional',
  startsOn: '2025-11-28',
  endsOn: '2025-12-02',
  placeId: String(choices.placeId),
  kindEventId: String(choices.kindEventId),
  enrollmentFormId: String(choices.enrollmentFormId),
  minimum: '10',
  maximum: '50',
  withLimitControl: 'true',
  detail: 'Llevar documentos',
  ...overrides,
});
