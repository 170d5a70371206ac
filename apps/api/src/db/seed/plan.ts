import { planCourses } from './courses.js';
import { andeanDepartments, type DistrictKind, districtId } from './places.js';
import type { CoursePlan, InstitutionPlan, Levels } from './plan-types.js';
import { deriveRandom, type Random } from './random.js';
import { DEMO_DISTRICT_ID, type Scale, scaleConfig } from './scales.js';
import { distinctName, schoolName } from './school-names.js';
import { addDays, daysBetween, type Timeline } from './timeline.js';

export type DistrictPlan = {
  id: number;
  departmentId: number;
  name: string;
  kind: DistrictKind;
  weight: number;
};

export type { CoursePlan, InstitutionPlan, Levels };

export type SeedPlan = {
  scale: Scale;
  seed: number;
  districts: DistrictPlan[];
  institutions: InstitutionPlan[];
  courses: CoursePlan[];
  studentCount: number;
};

const kindWeight: Record<DistrictKind, number> = { city: 5, town: 2.5, rural: 2 };
const urbanShare: Record<DistrictKind, number> = { city: 0.93, town: 0.55, rural: 0.08 };
const specialShare: Record<DistrictKind, number> = { city: 0.12, town: 0.07, rural: 0.03 };

export function buildPlan(scale: Scale, seed: number, timeline: Timeline): SeedPlan {
  const config = scaleConfig(scale);
  const districts: DistrictPlan[] = config.districts.map((d) => ({
    id: districtId(d.departmentId, d.position),
    departmentId: d.departmentId,
    name: d.entry.name,
    kind: d.entry.kind,
    weight: d.entry.weight ?? 1,
  }));
  const counts = schoolsPerDistrict(
    districts,
    config.institutions,
    config.fixedCounts,
    deriveRandom(seed, 'spread'),
  );
  const random = deriveRandom(seed, 'institutions');
  const institutions: InstitutionPlan[] = [];
  districts.forEach((district, index) => {
    const ofDistrict = planDistrictSchools(random, district, counts[index], institutions.length, timeline);
    if (district.id === DEMO_DISTRICT_ID) prepareDemoSchools(ofDistrict);
    institutions.push(...ofDistrict);
  });
  const { courses, studentCount } = planCourses(institutions, config.students, deriveRandom(seed, 'courses'));
  return { scale, seed, districts, institutions, courses, studentCount };
}

/** Spreads the schools over districts by weight (largest remainder), at least one each. */
function schoolsPerDistrict(
  districts: DistrictPlan[],
  total: number,
  fixed: Record<string, number> | undefined,
  random: Random,
): number[] {
  if (fixed) return districts.map((d) => fixed[d.name] ?? 1);
  const weights = districts.map((d) => kindWeight[d.kind] * d.weight * (0.6 + random.next() * 0.8));
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * total);
  const counts = exact.map((x) => Math.max(1, Math.floor(x)));
  let missing = total - counts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; missing > 0; k = (k + 1) % byRemainder.length, missing--) counts[byRemainder[k][1]]++;
  return counts;
}

function planDistrictSchools(
  random: Random,
  district: DistrictPlan,
  count: number,
  seqBefore: number,
  timeline: Timeline,
): InstitutionPlan[] {
  const position = district.id % 1000;
  const usedNames = new Map<string, number>();
  const consolidationDays = Math.max(1, daysBetween(timeline.registrationFrom, timeline.consolidationTo));
  // SIE codes grow by irregular steps within the district, as codes issued over decades do.
  let code = random.int(1, 150);
  const schools: InstitutionPlan[] = [];
  for (let i = 0; i < count; i++) {
    const special = random.chance(specialShare[district.kind]);
    const urban = random.chance(special ? 0.85 : urbanShare[district.kind]);
    const agreement = !special && random.chance(urban ? 0.2 : 0.1);
    const levels: Levels = special
      ? 'special'
      : random.weighted<Levels>(
          urban
            ? [
                ['both', 55],
                ['primary', 25],
                ['secondary', 20],
              ]
            : [
                ['both', 35],
                ['primary', 58],
                ['secondary', 7],
              ],
        );
    const consolidated = random.chance(0.35);
    const name = schoolName(random, {
      special,
      agreement,
      rural: !urban,
      town: district.name.replace(/ \d+$/, ''),
    });
    schools.push({
      id: district.departmentId * 10_000_000 + position * 10_000 + code,
      seq: seqBefore + i + 1,
      name: distinctName(name, usedNames),
      codeType: special ? 4 : 1,
      dependency: agreement ? 2 : 1,
      area: urban ? 'U' : 'R',
      subsystem: special ? 'Especial' : 'Regular',
      districtId: district.id,
      departmentId: district.departmentId,
      consolidatedAt: consolidated
        ? `${addDays(timeline.registrationFrom, random.int(1, consolidationDays))}T${String(random.int(12, 23)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00Z`
        : null,
      neighbourId: 0,
      levels,
      parallels: urban
        ? random.weighted([
            [1, 45],
            [2, 35],
            [3, 15],
            [4, 5],
          ] as const)
        : random.chance(0.1)
          ? 2
          : 1,
      shiftId: random.weighted([
        [1, 65],
        [2, 30],
        [3, 5],
      ] as const),
      courseSize: urban ? random.int(24, 34) : random.int(6, 14),
      andean: andeanDepartments.includes(district.departmentId),
    });
    code = Math.min(9_999 - (count - i), code + random.int(1, 30));
  }
  schools.forEach((school, i) => {
    school.neighbourId = schools[(i + 1) % schools.length].id;
  });
  return schools;
}

/**
 * The demo director needs an open (not consolidated) regular school with both levels and an open
 * special centre in one district, which the demo district user sees (users.ts finds them: the lowest
 * SIE of each kind). In 'La Paz 1' the first regular school and the first special centre are kept
 * open; if chance gave the district no special centre, another school becomes one.
 */
function prepareDemoSchools(schools: InstitutionPlan[]): void {
  if (schools.length < 2) throw new Error('The demo district needs at least two schools');
  const regular = schools.find((s) => s.codeType === 1) ?? schools[0];
  const special =
    schools.find((s) => s.codeType === 4 && s !== regular) ?? schools.find((s) => s !== regular)!;
  Object.assign(regular, {
    codeType: 1,
    subsystem: 'Regular',
    levels: 'both',
    area: 'U',
    parallels: 2,
    consolidatedAt: null,
  } satisfies Partial<InstitutionPlan>);
  if (special.codeType !== 4) special.name = 'Centro de Educación Especial San Martín de Porres';
  Object.assign(special, {
    codeType: 4,
    subsystem: 'Especial',
    levels: 'special',
    dependency: 1,
    consolidatedAt: null,
  } satisfies Partial<InstitutionPlan>);
}
