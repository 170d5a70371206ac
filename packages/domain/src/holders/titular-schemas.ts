import { z } from 'zod';
import { calendarDate, idSchema } from '../common/index.js';
import { editBlockerEnum, titularStatusEnum } from './list-schemas.js';
import { holderMessages } from './messages.js';
import { previousGuardians } from './previous-guardians.js';
import { previousTitular } from './previous-titular.js';

const fillAll = holderMessages.fillAll;
const upper = (value: string) => value.trim().toUpperCase();

/** Identity documents: digits, optionally with letters or a dash (foreigners' 'E-'); upper-cased. */
export const documentNumber = z
  .string({ error: holderMessages.enterDocument })
  .transform(upper)
  .pipe(
    z
      .string()
      .min(1, holderMessages.enterDocument)
      .max(15)
      .regex(/^[0-9A-Z-]+$/, holderMessages.enterDocument),
  )
  .describe('Número de documento de identidad (carnet)');

export const documentComplement = z
  .string()
  .default('')
  .transform(upper)
  .pipe(
    z
      .string()
      .max(4)
      .regex(/^[0-9A-Z]*$/, holderMessages.enterDocument),
  )
  .describe('Complemento del documento, vacío si no tiene');

const personName = z
  .string({ error: fillAll })
  .transform(upper)
  .pipe(
    z
      .string()
      .max(60, 'La longitud del campo es demasiado larga.')
      .regex(/^[A-ZÁÉÍÓÚÜÑ' .-]*$/, 'El campo solo soporta caracteres y espacios.'),
  );

const isoDate = calendarDate(fillAll);

export const relationshipId = z.number({ error: fillAll }).int().min(1, fillAll).max(13, fillAll);

export const personSearchRequest = z.object({ carnet: documentNumber, complemento: documentComplement });
export type PersonSearchRequest = z.input<typeof personSearchRequest>;

/** A holder as the search and the modal show it. */
export const personResponse = z.object({
  id: z.number().int(),
  carnet: z.string(),
  complemento: z.string(),
  paterno: z.string(),
  materno: z.string(),
  name: z.string(),
  birthDate: z.string().describe('yyyy-mm-dd'),
  gender: z.number().int().describe('1 masculino, 2 femenino'),
  foreign: z.boolean().describe('extranjero'),
  verified: z.boolean().describe('Identidad confirmada por el SEGIP'),
});
export type PersonResponse = z.infer<typeof personResponse>;

const personFields = {
  foreign: z.boolean({ error: fillAll }),
  gender: z.union([z.literal(1), z.literal(2)], { error: fillAll }),
  birthDate: isoDate,
  name: personName.pipe(z.string().min(1, fillAll)),
  paterno: personName.default(''),
  materno: personName.default(''),
};
const hasSurname = (p: { paterno: string; materno: string }) => p.paterno !== '' || p.materno !== '';

/**
 * The 'Datos Titular' form (edit holder data). Required in the specification's order (extranjero,
 * parentesco, genero, fecha_nacimiento, nombre), each failing with 'Ingrese todos los datos
 * solicitados.'; at least one surname is required too (see docs/decisions.md).
 */
export const personData = z.object(personFields).refine(hasSurname, { message: fillAll, path: ['paterno'] });
export type PersonData = z.input<typeof personData>;

/** 'Nuevo Titular': the document, the relationship and the person's data. */
export const newTitularRequest = z
  .object({
    carnet: documentNumber,
    complemento: documentComplement,
    foreign: personFields.foreign,
    relationshipId,
    gender: personFields.gender,
    birthDate: personFields.birthDate,
    name: personFields.name,
    paterno: personFields.paterno,
    materno: personFields.materno,
  })
  .refine(hasSurname, { message: fillAll, path: ['paterno'] });
export type NewTitularRequest = z.input<typeof newTitularRequest>;

/**
 * 'Agregar Titular' after a found search; after 'Editar Datos' it also carries the corrected data,
 * so joining and correcting commit together or not at all (issue 12).
 */
export const addGuardianRequest = z.object({
  personId: idSchema,
  relationshipId,
  person: personData.optional().describe("Datos corregidos con 'Editar Datos' (el SEGIP los confirma)"),
});
export type AddGuardianRequest = z.infer<typeof addGuardianRequest>;

export const relationshipUpdateRequest = z.object({
  relationshipId: z
    .number({ error: holderMessages.selectRelationship })
    .int()
    .min(1, holderMessages.selectRelationship)
    .max(13, holderMessages.selectRelationship),
});

/** 'Registrar': the selected guardian becomes the titular; null saves that the student has none. */
export const titularSaveRequest = z.object({
  guardianId: idSchema.nullable().describe('Titular seleccionado; null = sin titular (no beneficiario)'),
});
export type TitularSaveRequest = z.infer<typeof titularSaveRequest>;

export const guardianRow = z.object({
  guardianId: z.number().int(),
  personId: z.number().int(),
  carnet: z.string(),
  complemento: z.string(),
  paterno: z.string(),
  materno: z.string(),
  name: z.string(),
  birthDate: z.string(),
  gender: z.number().int(),
  foreign: z.boolean(),
  verified: z.boolean(),
  relationshipId: z.number().int(),
  relationshipName: z.string().describe('PARENTESCO'),
  selected: z.boolean().describe('Es el titular activo del estudiante'),
});
export type GuardianRow = z.infer<typeof guardianRow>;

/** Everything the titular modal shows for one student. */
export const titularModalResponse = z.object({
  student: z.object({
    inscriptionId: z.number().int(),
    rude: z.string(),
    fullName: z.string(),
    course: z.string(),
    identityValidated: z.boolean(),
  }),
  sie: z.number().int(),
  codeType: z.number().int(),
  status: titularStatusEnum,
  statusLabel: z.string(),
  editBlocker: editBlockerEnum.nullable(),
  guardians: z.array(guardianRow),
  previousTitular: previousTitular
    .nullable()
    .describe('El titular del estudiante en la gestión anterior (cerrada), ofrecido como elección rápida'),
  previousGuardians: previousGuardians
    .nullable()
    .describe(
      'Los tutores del estudiante en la gestión anterior que aún no figuran en esta; null si no queda ninguno',
    ),
});
export type TitularModalResponse = z.infer<typeof titularModalResponse>;

/** 'Agregar los tutores de 2025': the modal after the copy, and how many joined (0 when none was left). */
export const previousGuardiansResponse = titularModalResponse.extend({
  added: z.number().int().describe('Tutores agregados por esta solicitud (0 si ya figuraban)'),
});
export type PreviousGuardiansResponse = z.infer<typeof previousGuardiansResponse>;

export const relationshipsQuery = z.object({
  codeType: z.coerce.number().int().describe('code_type de la institución: 1 solo admite 1–8 y 13'),
});
export const relationshipOptions = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type RelationshipOptions = z.infer<typeof relationshipOptions>;

export const operationResult = z.object({ message: z.string() });

export const registrationPeriodResponse = z.object({
  open: z.boolean(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
});
