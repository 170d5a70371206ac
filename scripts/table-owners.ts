// Which API area reads which other area's tables. Each file of apps/api/src/db/schema belongs to the
// area of the same name; an area that reads another area's table directly (a Drizzle import of the
// table or its name in SQL text) instead of through what the owner exports (a view, a fragment, a
// function of its index.ts) depends on that table's shape and on the owner's rules about it. The
// tools test compares what is found with table-owners.allowed.json: a new crossing fails, and an
// entry of the list that is no longer found fails too, so the list only shrinks (docs/contributing.md).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const schemaDir = path.join(root, 'apps/api/src/db/schema');
const modulesDir = path.join(root, 'apps/api/src/modules');

/**
 * Tables every area may read: the places and the course catalogue (read-only reference data the
 * structure area loads), the shared infrastructure (jobs, stored files, idempotency keys) and the
 * one definition of a student's bonus (the student_bonus view) that exists to be read by all.
 */
const publicSchemaFiles = new Set(['bonus', 'files', 'idempotency', 'jobs']);
const publicTables = new Set([
  'departments',
  'districts',
  'institutions',
  'levels',
  'grades',
  'parallels',
  'shifts',
]);

export interface Table {
  /** The Drizzle export's name. */
  exportName: string;
  /** The table's (or view's) name in SQL. */
  sqlName: string;
  /** The area that owns it: its schema file's name. */
  owner: string;
}

export function schemaTables(): Table[] {
  const tables: Table[] = [];
  for (const file of readdirSync(schemaDir)) {
    const owner = file.replace(/\.ts$/, '');
    if (file === 'index.ts' || publicSchemaFiles.has(owner)) continue;
    const text = readFileSync(path.join(schemaDir, file), 'utf8');
    for (const match of text.matchAll(
      /export const (\w+) = pg(?:Table|View|MaterializedView)\(\s*'(\w+)'/g,
    )) {
      const [, exportName, sqlName] = match;
      if (exportName && sqlName && !publicTables.has(sqlName)) tables.push({ exportName, sqlName, owner });
    }
  }
  return tables;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

/** Every crossing as 'area → table', sorted, with the files where it occurs. */
export function crossings(): Map<string, string[]> {
  const tables = schemaTables();
  const found = new Map<string, string[]>();
  for (const area of readdirSync(modulesDir)) {
    const areaDir = path.join(modulesDir, area);
    if (!statSync(areaDir).isDirectory()) continue;
    for (const file of sourceFiles(areaDir)) {
      const text = readFileSync(file, 'utf8');
      const schemaImports = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[./]*db\/schema\/index\.js'/g)]
        .flatMap((m) => (m[1] ?? '').split(','))
        .map((name) => name.trim().split(/\s+as\s+/)[0])
        .filter(Boolean);
      for (const table of tables) {
        if (table.owner === area) continue;
        const imported = schemaImports.includes(table.exportName);
        const inSql = new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\\s+${table.sqlName}\\b`, 'i').test(text);
        if (!imported && !inSql) continue;
        const key = `${area} → ${table.sqlName} (${table.owner})`;
        const files = found.get(key) ?? [];
        files.push(path.relative(root, file));
        found.set(key, files);
      }
    }
  }
  return new Map([...found.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

export const allowedFile = path.join(root, 'scripts/table-owners.allowed.json');

// `npx tsx scripts/table-owners.ts` prints the crossings and their files; `--write` rewrites the
// list (for a crossing that was reviewed and accepted, or after one was removed).
if (process.argv[1] === import.meta.filename) {
  const found = crossings();
  for (const [key, files] of found) console.log(`${key}: ${files.join(', ')}`);
  if (process.argv.includes('--write')) {
    writeFileSync(allowedFile, `${JSON.stringify([...found.keys()], null, 2)}\n`);
    console.log(`${found.size} crossings written to ${path.relative(root, allowedFile)}`);
  }
}
