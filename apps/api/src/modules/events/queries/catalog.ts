import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  departments,
  districts,
  enrollmentForms,
  grades,
  periods,
  places,
} from '../../../db/schema/index.js';
import { isEventStage, kindLabel } from './kinds.js';

/** Active places by name, with their capacity. */
export function activePlaces(db: Executor) {
  return db
    .select({ id: places.id, name: places.description, capacity: places.capacity })
    .from(places)
    .where(eq(places.state, true))
    .orderBy(asc(places.description));
}

/** Active kinds of event (stages of event periods), named with their period. */
export function activeKinds(db: Executor) {
  return db
    .select({ id: periods.id, name: kindLabel })
    .from(periods)
    .where(and(eq(periods.active, true), isEventStage))
    .orderBy(asc(periods.name), asc(periods.startsOn), asc(periods.id));
}

/** Active forms, named with their latest version (the one a new event takes). */
export function activeForms(db: Executor) {
  return db
    .select({
      id: enrollmentForms.id,
      name: sql<string>`${enrollmentForms.name} || ' (versión ' || ${enrollmentForms.version} || ')'`,
    })
    .from(enrollmentForms)
    .where(eq(enrollmentForms.state, true))
    .orderBy(asc(enrollmentForms.name));
}

/** Every department, by id. */
export function departmentOptions(db: Executor) {
  return db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .orderBy(asc(departments.id));
}

/** Every district, by department then name. */
export function districtOptions(db: Executor) {
  return db
    .select({ id: districts.id, name: districts.name })
    .from(districts)
    .orderBy(asc(districts.departmentId), asc(districts.name));
}

/** Every grade id, in order. */
export function gradeIds(db: Executor) {
  return db.select({ id: grades.id }).from(grades).orderBy(asc(grades.id));
}
