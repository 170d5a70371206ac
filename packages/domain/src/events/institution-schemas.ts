import { z } from 'zod';
import { idSchema, intParam, pageOf, pageParam } from '../common/index.js';

export const institutionStage = z.object({
  id: z.number().int(),
  name: z.string(),
  phase: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
});
export type InstitutionStage = z.infer<typeof institutionStage>;

export const institutionPlacesQuery = z.object({
  page: pageParam,
  search: z.string().trim().max(100).optional(),
});

export const institutionPlace = z.object({
  id: z.number().int().describe('Código SIE'),
  name: z.string(),
  districtName: z.string(),
});
export type InstitutionPlace = z.infer<typeof institutionPlace>;
export const institutionPlacePage = pageOf(institutionPlace);

export const gradeOption = z.object({
  id: z.number().int(),
  grado: z.string().describe("99 se muestra 'CEA'"),
});
export type GradeOption = z.infer<typeof gradeOption>;

export const enrollmentStudentsQuery = z.object({
  page: pageParam,
  grade: intParam(1, 99).optional(),
  search: z.string().trim().max(100).optional(),
});

export const enrollmentStudent = z.object({
  inscriptionId: z.number().int(),
  rude: z.string(),
  fullName: z.string(),
  level: z.string(),
  gradeId: z.number().int(),
  grado: z.string(),
  parallel: z.string(),
});
export type EnrollmentStudent = z.infer<typeof enrollmentStudent>;
export const enrollmentStudentPage = pageOf(enrollmentStudent);

export const institutionEnrollmentStatus = z.object({
  stageId: z.number().int(),
  institutionId: z.number().int(),
  closed: z.boolean(),
  closedAt: z.string().nullable(),
  participantIds: z
    .array(z.number().int())
    .describe('Inscripciones (estudiantes) marcadas como participantes'),
});
export type InstitutionEnrollmentStatus = z.infer<typeof institutionEnrollmentStatus>;

/** Guardar sends the whole selection; a school has at most a few thousand students. */
export const participantsSave = z.object({
  inscriptionIds: z.array(idSchema).max(10_000),
});
export type ParticipantsSave = z.infer<typeof participantsSave>;
