import { openYearRequest, programmeYearList } from '@bjp/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { listProgrammeYears, openYear } from './open-year.js';
import { getSettings, listYears } from './service.js';

const publicConfig = z.object({
  appEnv: z
    .enum(['development', 'production'])
    .describe('development muestra el aviso de ambiente de pruebas'),
  year: z.number().int().describe('Gestión del programa'),
  amountPerStudent: z.number().int().describe('Bolivianos por estudiante'),
  years: z
    .array(z.object({ year: z.number().int(), closed: z.boolean() }))
    .describe('Gestiones que la consola guarda, la más reciente primero; closed = cerrada, solo lectura'),
});

export async function settingsRoutes(app: AppInstance) {
  app.get(
    '/config/public',
    { schema: { tags: ['settings'], response: { 200: publicConfig } }, config: { public: true } },
    async () => {
      const [settings, years] = await Promise.all([getSettings(app.deps.db), listYears(app.deps.db)]);
      return {
        appEnv: app.deps.config.APP_ENV,
        year: settings.year,
        amountPerStudent: settings.amountPerStudent,
        years,
      };
    },
  );

  app.get(
    '/health',
    {
      schema: { tags: ['settings'], response: { 200: z.object({ ok: z.boolean() }) } },
      config: { public: true },
    },
    async () => ({ ok: true }),
  );

  // 'Gestiones' (issue 18): the years with their settings, and opening the next one. National
  // administrators only: 'settings.manage' is the Administrador role's (as 'Periodos y Etapas').
  app.get(
    '/settings/years',
    {
      schema: { tags: ['settings'], response: { 200: programmeYearList } },
      preHandler: guard('settings.manage'),
    },
    async () => listProgrammeYears(app.deps),
  );

  app.post(
    '/settings/years',
    {
      schema: {
        tags: ['settings'],
        description:
          'Abre la gestión siguiente: la abierta queda cerrada (solo lectura) con sus parámetros congelados',
        body: openYearRequest,
        response: { 201: programmeYearList },
      },
      preHandler: guard('settings.manage'),
    },
    async (req, reply) => reply.code(201).send(await openYear(app.deps, req.authUser, req.body, req.ip)),
  );
}
