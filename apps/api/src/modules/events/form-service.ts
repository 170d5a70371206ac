import {
  type ActiveToggleResult,
  DEFAULT_PAGE_SIZE,
  type EnrollmentFormCreate,
  type EnrollmentFormDetail,
  type EnrollmentFormRow,
  type EnrollmentFormUpdate,
  type EnrollmentFormVersion,
  eventMessages,
  optionSourceProblem,
  type Page,
  storedFormDefinition,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import { dbFailure } from '../../lib/db-error.js';
import { AppError } from '../../lib/errors.js';
import {
  activeFormNamed,
  formById,
  formListRow,
  formName,
  formPage,
  formVersion,
  formVersions,
  formWithDefinition,
  insertForm,
  insertFormVersion,
  lockForm,
  lockFormActive,
  updateFormRow,
} from './queries/forms.js';
import { fieldErrors } from './validation.js';

/** 'Formularios de Inscripción': newest first, 10 a page. */
export async function listForms(
  deps: AppDeps,
  query: { page: number; search?: string },
): Promise<Page<EnrollmentFormRow>> {
  const { rows, total } = await formPage(deps.db, query);
  return { items: rows, page: query.page, pageSize: DEFAULT_PAGE_SIZE, total };
}

async function formRow(db: Executor, id: number): Promise<EnrollmentFormRow> {
  const row = await formListRow(db, id);
  if (!row) throw new AppError('not_found', eventMessages.formNotFound);
  return row;
}

/** The form with its latest version's definition (what 'Editar' opens) and its versions, newest first. */
export async function getForm(deps: AppDeps, id: number): Promise<EnrollmentFormDetail> {
  const row = await formWithDefinition(deps.db, id);
  if (!row) throw new AppError('not_found', eventMessages.formNotFound);
  const versions = await formVersions(deps.db, id);
  return { ...row, definition: storedFormDefinition.parse(row.definition), versions };
}

/** One saved version as it was (the 'Versiones' preview); 404 for a form or version that does not exist. */
export async function getFormVersion(
  deps: AppDeps,
  id: number,
  version: number,
): Promise<EnrollmentFormVersion> {
  const row = await formVersion(deps.db, id, version);
  if (row) return { ...row, definition: storedFormDefinition.parse(row.definition) };
  const form = await formById(deps.db, id);
  throw new AppError(
    'not_found',
    form ? eventMessages.formVersionNotFound(version) : eventMessages.formNotFound,
  );
}

/**
 * Two active forms may not share a name (accents, case and spaces aside): both were offered under it
 * for new events. Checked here for the message; the partial unique index enforces it under races.
 */
async function assertNameFree(tx: Executor, name: string, exceptId: number | null): Promise<void> {
  const taken = await activeFormNamed(tx, name, exceptId);
  if (taken) throw nameTaken(taken.name);
}

const nameTaken = (name: string) =>
  new AppError('conflict', eventMessages.formNameTaken(name), [
    { field: 'name', message: eventMessages.formNameTaken(name) },
  ]);

/** A concurrent save that took the name first: the unique index refused this one. */
async function withNameIndex<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (dbFailure(error)?.constraint === 'enrollment_forms_active_name') throw nameTaken(name);
    throw error;
  }
}

/**
 * The schema let through https option sources on any host (it cannot know the configuration); only the
 * hosts the administrator configured (OPTION_SOURCE_HOSTS, also the CSP's connect-src) are kept.
 */
function assertOptionHostsAllowed(deps: AppDeps, input: Pick<EnrollmentFormCreate, 'definition'>): void {
  const problems = input.definition.fields.flatMap((field, i) => {
    if (!('options' in field) || field.options.source !== 'dynamic') return [];
    const message = optionSourceProblem(field.label, field.options, deps.config.OPTION_SOURCE_HOSTS);
    return message ? [{ field: `definition.fields.${i}.options.url`, message }] : [];
  });
  if (problems.length > 0) throw fieldErrors(problems);
}

/** Saves a builder form as its version 1; the route has already validated the definition with the shared schema. */
export async function createForm(
  deps: AppDeps,
  actor: AuthUser,
  input: EnrollmentFormCreate,
  ip: string,
): Promise<EnrollmentFormRow> {
  assertOptionHostsAllowed(deps, input);
  return withNameIndex(input.name, () =>
    deps.db.transaction(async (tx) => {
      await assertNameFree(tx, input.name, null);
      const id = await insertForm(tx, {
        name: input.name,
        description: input.description,
        version: 1,
        createdBy: actor.id,
      });
      await insertFormVersion(tx, {
        formId: id,
        version: 1,
        name: input.name,
        description: input.description,
        definition: input.definition,
        createdBy: actor.id,
      });
      await writeAudit(tx, {
        userId: actor.id,
        action: 'enrollment_form.create',
        entity: 'enrollment_form',
        entityId: id,
        after: { name: input.name, version: 1, fields: input.definition.fields.length },
        ip,
      });
      return formRow(tx, id);
    }),
  );
}

/**
 * 'Guardar' of an edit: always a new version (one rule, whether or not an event uses the form), which
 * new events take; events created before keep theirs. The form row is locked, so of two editors of
 * the same version one saves and the other is told which version is now the latest (409).
 */
export async function updateForm(
  deps: AppDeps,
  actor: AuthUser,
  id: number,
  input: EnrollmentFormUpdate,
  ip: string,
): Promise<EnrollmentFormRow> {
  assertOptionHostsAllowed(deps, input);
  return withNameIndex(input.name, () =>
    deps.db.transaction(async (tx) => {
      const before = await lockForm(tx, id);
      if (!before) throw new AppError('not_found', eventMessages.formNotFound);
      if (input.expectedVersion > before.version)
        throw new AppError('not_found', eventMessages.formVersionNotFound(input.expectedVersion));
      if (input.expectedVersion < before.version)
        throw new AppError('conflict', eventMessages.formChanged(before.version), {
          latestVersion: before.version,
        });
      if (before.active) await assertNameFree(tx, input.name, id);
      const version = before.version + 1;
      await insertFormVersion(tx, {
        formId: id,
        version,
        name: input.name,
        description: input.description,
        definition: input.definition,
        createdBy: actor.id,
      });
      await updateFormRow(tx, id, { name: input.name, description: input.description, version });
      await writeAudit(tx, {
        userId: actor.id,
        action: 'enrollment_form.update',
        entity: 'enrollment_form',
        entityId: id,
        before: { name: before.name, version: before.version },
        after: { name: input.name, version, fields: input.definition.fields.length },
        ip,
      });
      return formRow(tx, id);
    }),
  );
}

/**
 * 'Desactivar' / 'Activar': sets the wanted state (idempotent), audited. An inactive form is not
 * offered for new events; events already using it keep it. Activating checks the name is free.
 */
export async function setFormActive(
  deps: AppDeps,
  actor: AuthUser,
  id: number,
  active: boolean,
  ip: string,
): Promise<ActiveToggleResult> {
  const current = await formName(deps.db, id);
  return withNameIndex(current?.name ?? '', () =>
    deps.db.transaction(async (tx) => {
      const before = await lockFormActive(tx, id);
      if (!before) throw new AppError('not_found', eventMessages.formNotFound);
      if (active && !before.active) await assertNameFree(tx, before.name, id);
      await updateFormRow(tx, id, { state: active });
      await writeAudit(tx, {
        userId: actor.id,
        action: 'enrollment_form.active',
        entity: 'enrollment_form',
        entityId: id,
        before: { active: before.active },
        after: { active },
        ip,
      });
      return { id, active };
    }),
  );
}
