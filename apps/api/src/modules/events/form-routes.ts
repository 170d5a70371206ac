import {
  activeToggle,
  activeToggleResult,
  enrollmentFormCreate,
  enrollmentFormDetail,
  enrollmentFormPage,
  enrollmentFormRow,
  enrollmentFormUpdate,
  enrollmentFormVersion,
  formVersionParams,
  idParam,
  pageQuery,
} from '@bjp/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import * as forms from './form-service.js';

const idParams = z.object({ id: idParam });

export async function formRoutes(app: AppInstance) {
  app.get(
    '/enrollment-forms',
    {
      schema: { tags: ['enrollment-forms'], querystring: pageQuery, response: { 200: enrollmentFormPage } },
      preHandler: guard('events.manage'),
    },
    async (req) => forms.listForms(app.deps, req.query),
  );

  app.get(
    '/enrollment-forms/:id',
    {
      schema: { tags: ['enrollment-forms'], params: idParams, response: { 200: enrollmentFormDetail } },
      preHandler: guard('events.manage'),
    },
    async (req) => forms.getForm(app.deps, req.params.id),
  );

  app.get(
    '/enrollment-forms/:id/versions/:version',
    {
      schema: {
        tags: ['enrollment-forms'],
        params: formVersionParams,
        response: { 200: enrollmentFormVersion },
      },
      preHandler: guard('events.manage'),
    },
    async (req) => forms.getFormVersion(app.deps, req.params.id, req.params.version),
  );

  app.put(
    '/enrollment-forms/:id',
    {
      schema: {
        tags: ['enrollment-forms'],
        description:
          'Guarda una edición como nueva versión; expectedVersion es la versión abierta (409 si ya no es la última).',
        params: idParams,
        body: enrollmentFormUpdate,
        response: { 200: enrollmentFormRow },
      },
      preHandler: guard('events.manage'),
    },
    async (req) => forms.updateForm(app.deps, req.authUser, req.params.id, req.body, req.ip),
  );

  app.post(
    '/enrollment-forms',
    {
      schema: {
        tags: ['enrollment-forms'],
        body: enrollmentFormCreate,
        response: { 201: enrollmentFormRow },
      },
      preHandler: guard('events.manage'),
    },
    async (req, reply) =>
      reply.code(201).send(await forms.createForm(app.deps, req.authUser, req.body, req.ip)),
  );

  app.patch(
    '/enrollment-forms/:id/active',
    {
      schema: {
        tags: ['enrollment-forms'],
        params: idParams,
        body: activeToggle,
        response: { 200: activeToggleResult },
      },
      preHandler: guard('events.manage'),
    },
    async (req) => forms.setFormActive(app.deps, req.authUser, req.params.id, req.body.active, req.ip),
  );
}
