import { DEFAULT_PAGE_SIZE } from '@bjp/domain';
import { and, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { enrollmentForms, enrollmentFormVersions, formNameKey, users } from '../../../db/schema/index.js';

/** The form's latest version, the one the list, the editor and new events use. */
const latestJoin = and(
  eq(enrollmentFormVersions.formId, enrollmentForms.id),
  eq(enrollmentFormVersions.version, enrollmentForms.version),
);

const rowColumns = {
  id: enrollmentForms.id,
  name: enrollmentForms.name,
  description: enrollmentForms.description,
  active: enrollmentForms.state,
  version: enrollmentForms.version,
  fieldCount: sql<number>`jsonb_array_length(${enrollmentFormVersions.definition} -> 'fields')::int`,
};

const versionColumns = {
  version: enrollmentFormVersions.version,
  name: enrollmentFormVersions.name,
  fieldCount: sql<number>`jsonb_array_length(${enrollmentFormVersions.definition} -> 'fields')::int`,
  // An ISO instant: the client writes it as dd/mm/aaaa HH:mm in Bolivia with the domain's formatter.
  createdAt: sql<string>`to_char(${enrollmentFormVersions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  createdBy: users.name,
};

/** A page of forms (searched by name or description) with their latest version, newest first, and how many match. */
export async function formPage(db: Executor, query: { page: number; search?: string }) {
  const search = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where = search
    ? or(ilike(enrollmentForms.name, search), ilike(enrollmentForms.description, search))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(enrollmentForms)
      .innerJoin(enrollmentFormVersions, latestJoin)
      .where(where)
      .orderBy(desc(enrollmentForms.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    db.select({ n: count() }).from(enrollmentForms).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A form as the list shows it; or undefined. */
export async function formListRow(db: Executor, id: number) {
  const [row] = await db
    .select(rowColumns)
    .from(enrollmentForms)
    .innerJoin(enrollmentFormVersions, latestJoin)
    .where(eq(enrollmentForms.id, id));
  return row;
}

/** A form with its latest version's definition; or undefined. */
export async function formWithDefinition(db: Executor, id: number) {
  const [row] = await db
    .select({ ...rowColumns, definition: enrollmentFormVersions.definition })
    .from(enrollmentForms)
    .innerJoin(enrollmentFormVersions, latestJoin)
    .where(eq(enrollmentForms.id, id));
  return row;
}

/** The form's versions, newest first, with who saved each. */
export function formVersions(db: Executor, id: number) {
  return db
    .select(versionColumns)
    .from(enrollmentFormVersions)
    .leftJoin(users, eq(users.id, enrollmentFormVersions.createdBy))
    .where(eq(enrollmentFormVersions.formId, id))
    .orderBy(desc(enrollmentFormVersions.version));
}

/** One saved version of a form as it was; or undefined. */
export async function formVersion(db: Executor, id: number, version: number) {
  const [row] = await db
    .select({
      ...versionColumns,
      formId: enrollmentFormVersions.formId,
      description: enrollmentFormVersions.description,
      definition: enrollmentFormVersions.definition,
    })
    .from(enrollmentFormVersions)
    .leftJoin(users, eq(users.id, enrollmentFormVersions.createdBy))
    .where(and(eq(enrollmentFormVersions.formId, id), eq(enrollmentFormVersions.version, version)));
  return row;
}

/** The form's name; or undefined when there is no such form. */
export async function formName(db: Executor, id: number) {
  const [form] = await db
    .select({ name: enrollmentForms.name })
    .from(enrollmentForms)
    .where(eq(enrollmentForms.id, id));
  return form;
}

/** The form's id when it exists; or undefined. */
export async function formById(db: Executor, id: number) {
  const [form] = await db
    .select({ id: enrollmentForms.id })
    .from(enrollmentForms)
    .where(eq(enrollmentForms.id, id));
  return form;
}

/** The active form, other than `exceptId`, whose name is the same (accents, case and spaces aside); or undefined. */
export async function activeFormNamed(tx: Executor, name: string, exceptId: number | null) {
  const [taken] = await tx
    .select({ name: enrollmentForms.name })
    .from(enrollmentForms)
    .where(
      and(
        eq(enrollmentForms.state, true),
        exceptId === null ? undefined : ne(enrollmentForms.id, exceptId),
        sql`${enrollmentForms.nameKey} = ${formNameKey(sql`${name}::text`)}`,
      ),
    )
    .limit(1);
  return taken;
}

/** Creates a form (at version 1) and returns its id. */
export async function insertForm(tx: Executor, values: typeof enrollmentForms.$inferInsert): Promise<number> {
  const [row] = await tx.insert(enrollmentForms).values(values).returning({ id: enrollmentForms.id });
  return row!.id;
}

/** Stores a version of a form. */
export async function insertFormVersion(tx: Executor, values: typeof enrollmentFormVersions.$inferInsert) {
  await tx.insert(enrollmentFormVersions).values(values);
}

/** The form's name, latest version and active flag, its row locked for update; or undefined. */
export async function lockForm(tx: Executor, id: number) {
  const [before] = await tx
    .select({
      name: enrollmentForms.name,
      version: enrollmentForms.version,
      active: enrollmentForms.state,
    })
    .from(enrollmentForms)
    .where(eq(enrollmentForms.id, id))
    .for('update');
  return before;
}

/** The form's active flag and name, its row locked for update; or undefined. */
export async function lockFormActive(tx: Executor, id: number) {
  const [before] = await tx
    .select({ active: enrollmentForms.state, name: enrollmentForms.name })
    .from(enrollmentForms)
    .where(eq(enrollmentForms.id, id))
    .for('update');
  return before;
}

/** Changes a form's row. */
export async function updateFormRow(
  tx: Executor,
  id: number,
  values: Partial<typeof enrollmentForms.$inferInsert>,
) {
  await tx.update(enrollmentForms).set(values).where(eq(enrollmentForms.id, id));
}
