import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, type Schema } from '../../db/client.js';
import { migrationsFolder } from '../../db/migrate.js';

/**
 * Migrations 0022–0023 on a database that already has forms and events: each definition becomes its
 * form's version 1, each event uses it, and active forms with the same name (accents and case
 * aside) are renamed '(2)', '(3)'… so the unique index can be built.
 */
let handle: DatabaseHandle;
const rows = async <T>(query: ReturnType<typeof sql>) => {
  const result = (await handle.db.execute(query)) as unknown as { rows?: T[] } & T[];
  return result.rows ?? result;
};

/** The migrations folder with its journal cut before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'bjp-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((e) => e.tag.startsWith(tag));
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}

beforeAll(async () => {
  handle = await openDatabase({});
  const db = handle.db as unknown as PgliteDatabase<Schema>;
  await migrate(db, { migrationsFolder: migrationsBefore('0022') });
  const definition = (label: string) =>
    JSON.stringify({ config: {}, fields: [{ kind: 'input', id: 'campo_aaaaa', name: 'a', label }] });
  await handle.db.execute(sql`INSERT INTO enrollment_forms (name, definition, state) VALUES
    ('Inscripción Feria', ${definition('Uno')}::jsonb, true),
    ('inscripcion feria', ${definition('Dos')}::jsonb, true),
    ('INSCRIPCIÓN FERIA', ${definition('Tres')}::jsonb, true),
    ('Inscripción Feria', ${definition('Inactivo')}::jsonb, false),
    ('Inscripción Feria (2)', ${definition('Ya existía')}::jsonb, false)`);
  await handle.db.execute(
    sql`INSERT INTO places (description, capacity, reference) VALUES ('Aula', 10, '2025-11-01')`,
  );
  await handle.db.execute(sql`INSERT INTO periods (name, phase, subsystems, starts_on, ends_on, state)
    VALUES ('P', 'E', '{Regular}', '2025-11-01', '2025-12-01', 'VIGENTE')`);
  await handle.db.execute(sql`INSERT INTO events (title, description, detail, starts_on, ends_on, duration,
    place_id, kind_event_id, enrollment_form_id, minimum, maximum)
    VALUES ('E', 'E', 'E', '2025-11-10', '2025-11-11', 2, 1, 1, 2, 0, 10)`);
  await migrate(db, { migrationsFolder });
}, 120_000);
afterAll(() => handle.close());

describe('migrations 0022-0023 on existing forms and events', () => {
  it('makes each definition version 1 and points each event at it', async () => {
    const versions = await rows<{ form_id: number; version: number; label: string }>(
      sql`SELECT form_id, version, definition -> 'fields' -> 0 ->> 'label' AS label
          FROM enrollment_form_versions ORDER BY form_id`,
    );
    expect(versions.map((v) => [v.form_id, v.version, v.label])).toEqual([
      [1, 1, 'Uno'],
      [2, 1, 'Dos'],
      [3, 1, 'Tres'],
      [4, 1, 'Inactivo'],
      [5, 1, 'Ya existía'],
    ]);
    const [event] = await rows<{ f: number; v: number }>(
      sql`SELECT enrollment_form_id AS f, enrollment_form_version AS v FROM events`,
    );
    expect(event).toEqual({ f: 2, v: 1 });
  });

  it('renames active duplicates with a free suffix and leaves inactive ones alone', async () => {
    const forms = await rows<{ id: number; name: string; state: boolean; version: number }>(
      sql`SELECT id, name, state, version FROM enrollment_forms ORDER BY id`,
    );
    expect(forms.map((f) => f.name)).toEqual([
      'Inscripción Feria',
      'inscripcion feria (2)',
      'INSCRIPCIÓN FERIA (3)',
      'Inscripción Feria',
      'Inscripción Feria (2)',
    ]);
    expect(forms.every((f) => f.version === 1)).toBe(true);
    await expect(
      handle.db.execute(sql`INSERT INTO enrollment_forms (name) VALUES ('Inscripcion  feria')`),
    ).rejects.toThrow();
  });
});
