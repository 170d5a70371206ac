import { z } from 'zod';
import { messages } from '../common/index.js';
import { permissions } from './permissions.js';

export const loginRequest = z.object({
  username: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(100, messages.tooLong),
  password: z.string({ error: messages.required }).min(1, messages.required).max(200, messages.tooLong),
  type: z.coerce
    .number({ error: messages.required })
    .int()
    .refine((t) => t === 1 || t === 2, messages.required)
    .describe('1 Ministerio de Educación, 2 SIE'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  firstLastName: z.string(),
  email: z.string().nullable(),
  type: z.number().int(),
  profile: z.number().int().nullable().describe('external_id: 7 departamento, 9 director, 10 distrito'),
  roles: z.array(z.string()),
  permissions: z.array(z.enum(permissions)),
  scope: z.object({
    kind: z.enum(['national', 'department', 'district', 'institutions', 'none']),
    departmentId: z.number().int().nullable(),
    districtId: z.number().int().nullable(),
    institutionIds: z.array(z.number().int()),
    label: z.string().describe('Nombre del lugar del usuario'),
  }),
  homePath: z.string(),
  directorDeadline: z.string().nullable().describe('Fecha límite del menú del director (yyyy-mm-dd)'),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  token: z.string().describe('Token de acceso (JWT), vida corta'),
  expiresIn: z.number().int().describe('Segundos de vida del token de acceso'),
  user: sessionUser,
});
export type LoginResponse = z.infer<typeof loginResponse>;
