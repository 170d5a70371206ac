import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 16, 'one format for each thing': dates, date-times and numbers are written only by
 * packages/domain (common/format.ts and common/money.ts). A direct Intl or toLocale* call, a dayjs
 * display format, a hand-written Bolivian zone or hand-written day arithmetic anywhere else brings back a second style
 * ('27/9/2026', '23/11/26, 4:08 p. m.', '1,2 M'), so this scan fails on one.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const scanned = ['apps/web/src', 'apps/api/src', 'packages/domain/src'];
const allowed = new Set([
  'packages/domain/src/common/format.ts',
  'packages/domain/src/common/money.ts',
  // Issue 17, one clock: the zone is named once, and calendar arithmetic (dayjs) lives beside it.
  'packages/domain/src/common/time-zone.ts',
  'packages/domain/src/common/calendar.ts',
]);

const forbidden: Array<[RegExp, string]> = [
  [/\bIntl\./, 'Intl'],
  [/\.toLocale(Date|Time)?String\(/, 'toLocale*String'],
  [/dayjs\([^)]*\)\.format\(/, 'dayjs().format'],
  [/America\/La_Paz/, "zona 'America/La_Paz'"],
  [/getTime\(\) - 4 \* 3_600_000/, 'desfase UTC−4 a mano'],
  [/T04:00:00|T\d\d:\d\d:\d\d-04:00/, 'medianoche boliviana a mano'],
  [/86_400_000|setU?T?C?Date\(|setFullYear\(/, 'aritmética de días a mano'],
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('one place formats dates and numbers', () => {
  it('finds no direct Intl, toLocale*, dayjs format or Bolivian offset outside the domain formatters', () => {
    const offences: string[] = [];
    for (const dir of scanned) {
      for (const path of sources(join(root, dir))) {
        const file = relative(root, path);
        if (allowed.has(file)) continue;
        readFileSync(path, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            for (const [pattern, what] of forbidden) {
              if (pattern.test(line)) offences.push(`${file}:${i + 1} ${what}`);
            }
          });
      }
    }
    expect(offences).toEqual([]);
  });

  it('scans the real trees (a wrong root would pass silently)', () => {
    expect(sources(join(root, 'apps/web/src')).length).toBeGreaterThan(50);
    expect(sources(join(root, 'apps/api/src')).length).toBeGreaterThan(50);
  });
});
