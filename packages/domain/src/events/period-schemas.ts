import { z } from 'zod';
import { messages, pageOf } from '../common/index.js';
import { periodStates, subsystems } from './constants.js';
import { isIsoDay } from './dates.js';
import { eventMessages } from './messages.js';

const isoDay = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .refine(isIsoDay, eventMessages.invalidDate);

/** 'Agregar Periodo y Etapa': every field required (part 1 §5). */
export const periodCreate = z
  .object({
    name: z.string({ error: messages.required }).trim().min(1, messages.required).max(120, messages.tooLong),
    phase: z
      .string({ error: messages.required })
      .trim()
      .min(1, messages.required)
      .max(120, messages.tooLong)
      .describe('Etapa'),
    subsystems: z.array(z.enum(subsystems), { error: messages.required }).min(1, messages.required),
    startsOn: isoDay,
    endsOn: isoDay,
    instances: z
      .array(z.enum(['departmental', 'district', 'institutional']), { error: messages.required })
      .min(1, messages.required),
    state: z.enum(periodStates, { error: messages.required }),
  })
  .superRefine((p, ctx) => {
    if (isIsoDay(p.startsOn) && isIsoDay(p.endsOn) && p.endsOn < p.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: eventMessages.endBeforeStart });
    }
  });
export type PeriodCreate = z.infer<typeof periodCreate>;

export const periodRow = z.object({
  id: z.number().int(),
  name: z.string(),
  phase: z.string().describe('Etapa'),
  subsystems: z.array(z.string()),
  startsOn: z.string(),
  endsOn: z.string(),
  departmental: z.boolean(),
  district: z.boolean(),
  institutional: z.boolean(),
  active: z.boolean(),
  state: z.string(),
  isRegistration: z.boolean().describe('Periodo de registro de titulares (programme_settings)'),
});
export type PeriodRow = z.infer<typeof periodRow>;
export const periodPage = pageOf(periodRow);

export const periodCatalogs = z.object({
  subsystems: z.array(z.string()),
  instances: z.array(z.object({ id: z.string(), label: z.string() })),
  states: z.array(z.string()),
});
export type PeriodCatalogs = z.infer<typeof periodCatalogs>;
