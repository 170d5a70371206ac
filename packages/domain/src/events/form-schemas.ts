import { z } from 'zod';
import { idParam, messages, pageOf } from '../common/index.js';
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
  /** The latest version's number: each saved edit adds one. */
  version: z.number().int(),
  fieldCount: z.number().int(),
});
export type EnrollmentFormRow = z.infer<typeof enrollmentFormRow>;
export const enrollmentFormPage = pageOf(enrollmentFormRow);

/** An edit of a form: saved as a new version when `expectedVersion` is still the latest one. */
export const enrollmentFormUpdate = enrollmentFormCreate.extend({
  expectedVersion: z
    .number({ error: 'Indique la versión que editó.' })
    .int()
    .min(1)
    .max(2_147_483_647)
    .describe('La versión que se abrió para editar; si ya no es la última, 409'),
});
export type EnrollmentFormUpdate = z.infer<typeof enrollmentFormUpdate>;
export type EnrollmentFormUpdateInput = z.input<typeof enrollmentFormUpdate>;

/** One saved version in a form's history: when and by whom. */
export const enrollmentFormVersionRow = z.object({
  version: z.number().int(),
  name: z.string(),
  fieldCount: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type EnrollmentFormVersionRow = z.infer<typeof enrollmentFormVersionRow>;

/** One version in full. Stored: a form saved before the stricter checks must still open. */
export const enrollmentFormVersion = enrollmentFormVersionRow.extend({
  formId: z.number().int(),
  description: z.string(),
  definition: storedFormDefinition,
});
export type EnrollmentFormVersion = z.infer<typeof enrollmentFormVersion>;

/** A form with its latest version's definition and its versions, newest first. */
export const enrollmentFormDetail = enrollmentFormRow.extend({
  definition: storedFormDefinition,
  versions: z.array(enrollmentFormVersionRow),
});
export type EnrollmentFormDetail = z.infer<typeof enrollmentFormDetail>;

export const formVersionParams = z.object({ id: idParam, version: idParam });

export const activeToggle = z.object({ active: z.boolean() });
export const activeToggleResult = z.object({ id: z.number().int(), active: z.boolean() });
export type ActiveToggleResult = z.infer<typeof activeToggleResult>;
