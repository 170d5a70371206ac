import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/password.js';
import type { Executor } from '../db/client.js';
import {
  courses,
  districts,
  inscriptions,
  institutions,
  payments,
  roles,
  students,
  userRoles,
  userScopes,
  users,
} from '../db/schema/index.js';
import { TEST_PASSWORD } from './app.js';

let sequence = 0;
const next = () => ++sequence;
let passwordHash: Promise<string> | null = null;

export async function makeDistrict(
  db: Executor,
  attrs: { departmentId?: number; id?: number; name?: string } = {},
) {
  const id = attrs.id ?? 20_000 + next();
  const [row] = await db
    .insert(districts)
    .values({ id, departmentId: attrs.departmentId ?? 2, name: attrs.name ?? `Distrito ${id}` })
    .returning();
  return row!;
}

export async function makeSchool(
  db: Executor,
  attrs: { districtId: number; codeType?: 1 | 4; id?: number; name?: string; consolidated?: boolean },
) {
  const [district] = await db.select().from(districts).where(eq(districts.id, attrs.districtId));
  const id = attrs.id ?? 80_000_000 + next();
  const [row] = await db
    .insert(institutions)
    .values({
      id,
      name: attrs.name ?? `Unidad Educativa ${id}`,
      codeType: attrs.codeType ?? 1,
      dependency: 1,
      area: 'U',
      subsystem: attrs.codeType === 4 ? 'Especial' : 'Regular',
      districtId: attrs.districtId,
      departmentId: district!.departmentId,
      holdersConsolidatedAt: attrs.consolidated ? new Date('2025-11-01T12:00:00Z') : null,
    })
    .returning();
  return row!;
}

type UserAttrs = {
  username?: string;
  type?: 1 | 2;
  profile?: number | null;
  roles?: string[];
  departmentId?: number;
  districtId?: number;
  institutionIds?: number[];
  hasAccess?: boolean;
};

export async function makeUser(db: Executor, attrs: UserAttrs = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const n = next();
  const [user] = await db
    .insert(users)
    .values({
      username: attrs.username ?? `user${n}`,
      passwordHash: await passwordHash,
      name: `Usuario ${n}`,
      firstLastName: 'Prueba',
      email: `user${n}@minedu.gob.bo`,
      type: attrs.type ?? 1,
      profile: attrs.profile ?? null,
      hasAccess: attrs.hasAccess ?? true,
    })
    .returning();
  for (const name of attrs.roles ?? []) {
    const [role] = await db.select().from(roles).where(eq(roles.name, name));
    await db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
  }
  if (attrs.departmentId)
    await db.insert(userScopes).values({ userId: user!.id, departmentId: attrs.departmentId });
  if (attrs.districtId)
    await db.insert(userScopes).values({ userId: user!.id, districtId: attrs.districtId });
  for (const institutionId of attrs.institutionIds ?? []) {
    await db.insert(userScopes).values({ userId: user!.id, institutionId });
  }
  return user!;
}

/**
 * Enrols `count` students of one course in a school for 2025; the first `paid` get a payment on `paidOn`.
 * Returns the inscription ids.
 */
export async function makeCourseWithStudents(
  db: Executor,
  attrs: {
    institutionId: number;
    count: number;
    paid?: number;
    paidOn?: string;
    levelId?: number;
    gradeId?: number;
    parallelId?: number;
    shiftId?: number;
    gender?: 1 | 2;
    /** The students' paternos, in order (default 'Mamani'). */
    lastNames?: string[];
  },
): Promise<number[]> {
  const [course] = await db
    .insert(courses)
    .values({
      institutionId: attrs.institutionId,
      year: 2025,
      levelId: attrs.levelId ?? 12,
      gradeId: attrs.gradeId ?? 1,
      parallelId: attrs.parallelId ?? 1,
      shiftId: attrs.shiftId ?? 1,
    })
    .returning();
  const ids: number[] = [];
  for (let i = 0; i < attrs.count; i++) {
    const n = next();
    const [student] = await db
      .insert(students)
      .values({
        rude: `RUDE${String(n).padStart(11, '0')}`,
        firstLastName: attrs.lastNames?.[i] ?? 'Mamani',
        secondLastName: 'Quispe',
        name: `Estudiante ${n}`,
        gender: attrs.gender ?? (n % 2) + 1,
        birthDate: '2015-05-05',
        segipId: 1,
      })
      .returning();
    const [inscription] = await db
      .insert(inscriptions)
      .values({
        studentId: student!.id,
        courseId: course!.id,
        institutionId: attrs.institutionId,
        year: 2025,
      })
      .returning();
    ids.push(inscription!.id);
    if (i < (attrs.paid ?? 0)) {
      await db.insert(payments).values({
        inscriptionId: inscription!.id,
        paid: true,
        paidOn: attrs.paidOn ?? '2025-11-01',
        bank: 'Banco Unión',
        mode: 'VENTANILLA',
      });
    }
  }
  return ids;
}
