import { z } from 'zod';
import { calendarDate, intSchema } from '../common/index.js';
import { yearMessages } from './messages.js';

/** Whole bolivianos per student: the programme has paid 200; ten times that is surely a typing error. */
export const MAX_AMOUNT_PER_STUDENT = 2_000;

/** Programme years the console accepts (a smallint column; the bonus began in 2006). */
const programmeYear = intSchema(2000, 2100, yearMessages.yearInvalid);

/**
 * 'Abrir gestión': the next programme year with its amount, deadline, calendar and holder
 * registration window. Every day must fall inside the new year. That `year` is the open year + 1 is
 * checked by the server against the database (the form fixes it from the public configuration).
 */
export const openYearRequest = z
  .object({
    year: programmeYear.describe('La gestión a abrir: la abierta + 1'),
    amountPerStudent: z
      .number({ error: yearMessages.amountInvalid })
      .int({ error: yearMessages.amountInvalid })
      .min(1, { error: yearMessages.amountTooSmall })
      .max(MAX_AMOUNT_PER_STUDENT, { error: yearMessages.amountTooLarge(MAX_AMOUNT_PER_STUDENT) })
      .describe('Bolivianos por estudiante'),
    directorDeadline: calendarDate().describe('Fecha límite de los directores (aaaa-mm-dd)'),
    calendarStart: calendarDate().describe('Inicio del calendario de pagos (aaaa-mm-dd)'),
    registrationStartsOn: calendarDate().describe('Inicio del registro de titulares (aaaa-mm-dd)'),
    registrationEndsOn: calendarDate().describe('Fin del registro de titulares (aaaa-mm-dd)'),
  })
  .superRefine((body, ctx) => {
    const days = ['directorDeadline', 'calendarStart', 'registrationStartsOn', 'registrationEndsOn'] as const;
    for (const key of days) {
      const day = body[key];
      if (typeof day === 'string' && Number.isInteger(body.year) && !day.startsWith(`${body.year}-`))
        ctx.addIssue({ code: 'custom', path: [key], message: yearMessages.dateOutsideYear(body.year) });
    }
    if (body.directorDeadline < body.calendarStart)
      ctx.addIssue({ code: 'custom', path: ['directorDeadline'], message: yearMessages.deadlineBeforeStart });
    if (body.registrationEndsOn < body.registrationStartsOn)
      ctx.addIssue({
        code: 'custom',
        path: ['registrationEndsOn'],
        message: yearMessages.registrationEndBeforeStart,
      });
  });
export type OpenYearRequest = z.infer<typeof openYearRequest>;

/** One programme year as 'Gestiones' lists it. */
export const programmeYearRow = z.object({
  year: z.number().int(),
  closed: z.boolean().describe('Cerrada: solo lectura'),
  amountPerStudent: z.number().int(),
  directorDeadline: z.string(),
  calendarStart: z.string(),
  registrationStartsOn: z.string().nullable(),
  registrationEndsOn: z.string().nullable(),
  closedAt: z.string().nullable().describe('Cuándo se cerró (al abrir la siguiente)'),
  closedBy: z.string().nullable().describe('Quién la cerró; null si la cerró la carga inicial'),
});
export type ProgrammeYearRow = z.infer<typeof programmeYearRow>;

export const programmeYearList = z.object({ items: z.array(programmeYearRow) });
export type ProgrammeYearList = z.infer<typeof programmeYearList>;
