import { z } from 'zod';
import { sieParam } from '../common/index.js';

/** A school's SIE code in a path. */
export const sieParams = z.object({
  sie: sieParam.describe('Código SIE de la institución'),
});

/** The institution card every finder screen shows (name, type, place). */
export const institutionCard = z.object({
  sie: z.number().int().describe('Código SIE'),
  name: z.string(),
  codeType: z.number().int().describe('1 unidad educativa regular, 4 centro de educación especial'),
  typeName: z.string().describe('Unidad Educativa / Centro de Educación Especial'),
  subsystem: z.string(),
  districtId: z.number().int(),
  districtName: z.string(),
  departmentId: z.number().int(),
  departmentName: z.string(),
});
export type InstitutionCard = z.infer<typeof institutionCard>;

export const courseEntry = z.object({
  courseId: z.number().int(),
  gradeId: z.number().int(),
  parallelId: z.number().int(),
  shiftId: z.number().int(),
  label: z
    .string()
    .describe("'{nivel} · {grado} - {paralelo}', p. ej. 'Secundaria · Tercero - B' (courseLabel)"),
  shiftName: z.string(),
  students: z.number().int().describe('Estudiantes inscritos en la gestión'),
});
export type CourseEntry = z.infer<typeof courseEntry>;

/** The 'Lista' menu: levels with their courses (regular schools); special centres list none. */
export const institutionCourses = z.object({
  codeType: z.number().int(),
  year: z.number().int(),
  levels: z.array(
    z.object({
      levelId: z.number().int(),
      levelName: z.string(),
      courses: z.array(courseEntry),
    }),
  ),
});
export type InstitutionCourses = z.infer<typeof institutionCourses>;

/** The director's schools for 'Seleccione Institución'. */
export const myInstitutions = z.object({
  items: z.array(z.object({ sie: z.number().int(), name: z.string(), codeType: z.number().int() })),
});
export type MyInstitutions = z.infer<typeof myInstitutions>;
