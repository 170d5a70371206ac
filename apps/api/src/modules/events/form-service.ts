import {
  type ActiveToggleResult,
  DEFAULT_PAGE_SIZE,
  type EnrollmentFormCreate,
  type EnrollmentFormDetail,
  type EnrollmentFormRow,
  eventMessages,
  optionSourceProblem,
  type Page,
  storedFormDefinition,
} from '@bjp/domain';
import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import type { AuthUser } from '../../auth/access.js';
import { enrollmentForms } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { fieldErrors } from './validation.js';

const rowColumns = {
  id: enrollmentForms.id,
  name: enrollmentForms.name,
  description: enrollmentForms.description,
  active: enrollmentForms.state,
  fieldCount: sql<number>`jsonb_array_length(${enrollmentForms.definition} -> 'fields')::int`,
};

/** 'Formularios de Inscripción': newest first, 10 a page. */
export async function listForms(
  deps: AppDeps,
  query: { page: number; search?: string },
): Promise<Page<EnrollmentFormRow>> {
  const search = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where = search
    ? or(ilike(enrollmentForms.name, search), ilike(enrollmentForms.description, search))
    : undefined;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(rowColumns)
      .from(enrollmentForms)
      .where(where)
      .orderBy(desc(enrollmentForms.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    deps.db.select({ n: count() }).from(enrollmentForms).where(where),
  ]);
  return { items: rows, page: query.page, pageSize: DEFAULT_PAGE_SIZE, total: total?.n ?? 0 };
}

export async function getForm(deps: AppDeps, id: number): Promise<EnrollmentFormDetail> {
  const [row] = await deps.db
    .select({ ...rowColumns, definition: enrollmentForms.definition })
    .from(enrollmentForms)
    .where(eq(enrollmentForms.id, id));
  if (!row) throw new AppError('not_found', eventMessages.formNotFound);
  return { ...row, definition: storedFormDefinition.parse(row.definition) };
}

/**
 * The schema let through https option sources on any host (it cannot know the configuration); only the
 * hosts the administrator configured (OPTION_SOURCE_HOSTS, also the CSP's connect-src) are kept.
 */
function assertOptionHostsAllowed(deps: AppDeps, input: EnrollmentFormCreate): void {
  const problems = input.definition.fields.flatMap((field, i) => {
    if (!('options' in field) || field.options.source !== 'dynamic') return [];
    const message = optionSourceProblem(field.label, field.options, deps.config.OPTION_SOURCE_HOSTS);
    return message ? [{ field: `definition.fields.${i}.options.url`, message }] : [];
  });
  if (problems.length > 0) throw fieldErrors(problems);
}

/** Saves a builder form; the route has already validated the definition with the shared schema. */
export async function createForm(deps: AppDeps, actor: AuthUser, input: EnrollmentFormCreate, ip: string) {
  assertOptionHostsAllowed(deps, input);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(enrollmentForms)
      .values({
        name: input.name,
        description: input.description,
        definition: input.definition,
        createdBy: actor.id,
      })
      .returning({ id: enrollmentForms.id });
    await writeAudit(tx, {
      userId: actor.id,
      action: 'enrollment_form.create',
      entity: 'enrollment_form',
      entityId: row!.id,
      after: { name: input.name, fields: input.definition.fields.length },
      ip,
    });
    const [created] = await tx
      .select(rowColumns)
      .from(enrollmentForms)
      .where(eq(enrollmentForms.id, row!.id));
    return created!;
  });
}

/** The 'Activo' switch: sets the wanted state (idempotent), audited. Events already using the form keep it. */
export async function setFormActive(
  deps: AppDeps,
  actor: AuthUser,
  id: number,
  active: boolean,
  ip: string,
): Promise<ActiveToggleResult> {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ active: enrollmentForms.state })
      .from(enrollmentForms)
      .where(eq(enrollmentForms.id, id))
      .for('update');
    if (!before) throw new AppError('not_found', eventMessages.formNotFound);
    await tx.update(enrollmentForms).set({ state: active }).where(eq(enrollmentForms.id, id));
    await writeAudit(tx, {
      userId: actor.id,
      action: 'enrollment_form.active',
      entity: 'enrollment_form',
      entityId: id,
      before,
      after: { active },
      ip,
    });
    return { id, active };
  });
}
