import { z } from 'zod';
import { idParam, intParam, pageOf, pageParam } from '../common/index.js';

export const titularStatusEnum = z.enum([
  'pending',
  'registered',
  'registered_elsewhere',
  'excluded',
  'removed',
]);
export const editBlockerEnum = z.enum(['consolidated', 'period_closed', 'identity', 'removed', 'read_only']);

/** The 'Estudiantes' panel header: gestión, consolidation, registration period, counts. */
export const holdersInstitutionState = z.object({
  sie: z.number().int(),
  year: z.number().int().describe('Gestión del programa'),
  consolidatedAt: z
    .string()
    .nullable()
    .describe('Fecha y hora de consolidación; null si la lista está abierta'),
  registrationOpen: z.boolean().describe('El periodo de registro de titulares está vigente hoy'),
  period: z.object({ startsOn: z.string(), endsOn: z.string() }).nullable(),
  canEdit: z.boolean().describe('El usuario puede registrar titulares en esta institución'),
  canConsolidate: z.boolean().describe('El usuario puede consolidar esta institución ahora'),
  counts: z.object({
    total: z.number().int(),
    registered: z.number().int(),
    pending: z.number().int(),
    excluded: z.number().int(),
    removed: z.number().int(),
  }),
});
export type HoldersInstitutionState = z.infer<typeof holdersInstitutionState>;

export const studentListQuery = z.object({
  course: idParam.optional().describe('Curso; sin él, todos los estudiantes'),
  page: pageParam,
});
export type StudentListQuery = z.infer<typeof studentListQuery>;

export const studentRow = z.object({
  inscriptionId: z.number().int(),
  number: z.number().int().describe('Número de fila (ID en la lista)'),
  rude: z.string(),
  paterno: z.string(),
  materno: z.string(),
  name: z.string(),
  gender: z.number().int().describe('1 masculino, 2 femenino'),
  identityValidated: z.boolean().describe('segip_id = 1 o empareja_sereci'),
  status: titularStatusEnum,
  statusLabel: z.string(),
  registeredSie: z.number().int().nullable().describe('SIE donde se registró el titular activo'),
  blocked: z.boolean().describe('Con bloqueo temporal de pago abierto (no se envía a Síntesis)'),
  editBlocker: editBlockerEnum
    .nullable()
    .describe('Por qué el botón de estado está deshabilitado; null si abre el modal'),
});
export type StudentRow = z.infer<typeof studentRow>;
export const studentPage = pageOf(studentRow);
export type StudentPage = z.infer<typeof studentPage>;

export const pendingQuery = z.object({ page: pageParam });
export const pendingRow = z.object({
  inscriptionId: z.number().int(),
  rude: z.string(),
  fullName: z.string(),
  course: z.string(),
  identityValidated: z.boolean(),
});
export type PendingRow = z.infer<typeof pendingRow>;
export const pendingPage = pageOf(pendingRow);
export type PendingPage = z.infer<typeof pendingPage>;

export const consolidationResult = z.object({
  sie: z.number().int(),
  consolidatedAt: z.string(),
  pending: z.number().int().describe('Estudiantes que quedaron pendientes (permitido por INST/DGAA No 35)'),
  removed: z.number().int().describe('Estudiantes marcados sin beneficio que pasan a baja'),
  message: z.string(),
});
export type ConsolidationResult = z.infer<typeof consolidationResult>;

/** One row of the titular validation list: an adult and the students they collect for here. */
export const titularListRow = z.object({
  personId: z.number().int(),
  carnet: z.string(),
  complemento: z.string(),
  paterno: z.string(),
  materno: z.string(),
  name: z.string(),
  holderTypeId: z.number().int(),
  holderTypeName: z.string().describe('TIPO APODERADO'),
  total: z.number().int().describe('Estudiantes de esta institución con este titular'),
  validated: z.number().int().describe('De ellos, los validados por la institución'),
});
export type TitularListRow = z.infer<typeof titularListRow>;
export const titularListPage = pageOf(titularListRow);
export type TitularListPage = z.infer<typeof titularListPage>;

export const titularListQuery = z.object({
  page: pageParam,
  holderType: intParam(1, 3).optional().describe('1 APODERADO, 2 MAESTRO, 3 DIRECTOR'),
});

export const titularStudentsResponse = z.object({
  items: z.array(
    z.object({
      inscriptionId: z.number().int(),
      rude: z.string(),
      fullName: z.string(),
      course: z.string(),
      validated: z.boolean(),
    }),
  ),
});
export type TitularStudents = z.infer<typeof titularStudentsResponse>;

export const titularValidationResult = z.object({ validated: z.number().int(), total: z.number().int() });
