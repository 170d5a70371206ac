import { z } from 'zod';
import { messages } from '../common/messages.js';
import { pageOf } from '../common/pagination.js';
import { formDefinition, storedFormDefinition } from './form-definition.js';
import { eventMessages } from './messages.js';

export const enrollmentFormCreate = z.object({
  name: z
    .string({ error: eventMessages.formNameRequired })
    .trim()
    .min(1, eventMessages.formNameRequired)
    .max(150, messages.tooLong)
    .describe('Nombre del formulario (detail)'),
  description: z.string().trim().max(500, messages.tooLong).default(''),
  definition: formDefinition,
});
export type EnrollmentFormCreate = z.infer<typeof enrollmentFormCreate>;
export type EnrollmentFormCreateInput = z.input<typeof enrollmentFormCreate>;

export const enrollmentFormRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  fieldCount: z.number().int(),
});
export type EnrollmentFormRow = z.infer<typeof enrollmentFormRow>;
export const enrollmentFormPage = pageOf(enrollmentFormRow);

// Stored: a form saved before the stricter checks must still open (its preview calls nothing refused).
export const enrollmentFormDetail = enrollmentFormRow.extend({ definition: storedFormDefinition });
export type EnrollmentFormDetail = z.infer<typeof enrollmentFormDetail>;

export const activeToggle = z.object({ active: z.boolean() });
export const activeToggleResult = z.object({ id: z.number().int(), active: z.boolean() });
export type ActiveToggleResult = z.infer<typeof activeToggleResult>;
