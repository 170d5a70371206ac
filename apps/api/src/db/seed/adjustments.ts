import type { Executor } from '../client.js';
import { rows } from '../rows.js';
import { run, tableExists } from './sql.js';
import { sqlRandom } from './sql-random.js';

const name = (alias: string) =>
  `upper(trim(regexp_replace(${alias}.first_last_name || ' ' || ${alias}.second_last_name || ' ' || ${alias}.name, '\\s+', ' ', 'g')))`;
const carnet = `p.carnet || CASE WHEN p.complemento <> '' THEN '-' || p.complemento ELSE '' END`;

/**
 * History for the adjustment and removal screens, added once users exist (issue 4):
 * - in every consolidated school, one student in 40 with a titular has an adjustment after the
 *   consolidation: a change of the titular's data (two in three) or of the relationship, with the
 *   titular's snapshot; one in ten of those was re-enabled a day later ('Habilitar Modificación');
 * - in La Paz, Cochabamba and Santa Cruz, one unpaid student in 150 of consolidated schools was
 *   removed as a beneficiary (baja) by the department user or an administrator.
 * Times fall between the school's consolidation and the day before `today`. Set-based and
 * deterministic (hashes of ids); the seed's statistics step runs afterwards, so removals count.
 */
export async function loadAdjustmentsDemo(tx: Executor, seed: number, today: string): Promise<void> {
  if (!(await tableExists(tx, 'titular_adjustments'))) return;
  const users = await demoUsers(tx);
  await loadAdjustmentHistory(tx, seed, today, users.admin);
  await loadDemoRemovals(tx, seed, today, users);
}

type DemoUsers = { admin: number | null; depto: number | null };

async function demoUsers(tx: Executor): Promise<DemoUsers> {
  const [users] = await rows<DemoUsers>(
    tx,
    `SELECT (SELECT min(id) FROM users WHERE username = 'admin' AND is_demo) AS admin,
       (SELECT min(id) FROM users WHERE username = 'depto' AND is_demo) AS depto`,
  );
  return users ?? { admin: null, depto: null };
}

// The last moment a generated event may have: noon (Bolivia) of the day before `today`.
const latestOf = (today: string) => `((DATE '${today}' - 1 + TIME '16:00') AT TIME ZONE 'UTC')`;
const whenOf = (r: ReturnType<typeof sqlRandom>, today: string) => (salt: number) =>
  `least(i.holders_consolidated_at + ${r.below('n.id', salt, 12)} * INTERVAL '1 day' + (60 + ${r.below('n.id', salt + 1, 540)}) * INTERVAL '1 minute', ${latestOf(today)})`;

/** The adjustment history alone (the national benchmark adds it to a database loaded before issue 4). */
export async function loadAdjustmentHistory(
  tx: Executor,
  seed: number,
  today: string,
  adminId: number | null,
): Promise<void> {
  const r = sqlRandom(seed);
  const when = whenOf(r, today);
  const admin = adminId ?? 'NULL';
  await run(
    tx,
    `INSERT INTO titular_adjustments
       (inscription_id, year, institution_id, district_id, department_id, kind, rude, student_name, person_id,
        titular_carnet, titular_name, holder_type_id, created_at, created_by, reenabled_at, reenabled_by)
     SELECT n.id, n.year, i.id, i.district_id, i.department_id,
       CASE WHEN ${r.below('n.id', 401, 3)} = 0 THEN 'CAMBIO PARENTESCO' ELSE 'ACTUALIZACION DATOS' END,
       s.rude, ${name('s')}, t.person_id, ${carnet}, ${name('p')}, t.holder_type_id,
       ${when(402)}, NULL,
       CASE WHEN ${r.below('n.id', 404, 10)} = 0 THEN ${when(402)} + INTERVAL '1 day' END,
       CASE WHEN ${r.below('n.id', 404, 10)} = 0 THEN ${admin} END
     FROM inscriptions n
     JOIN institutions i ON i.id = n.institution_id AND i.holders_consolidated_at IS NOT NULL
     JOIN students s ON s.id = n.student_id
     JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
     JOIN persons p ON p.id = t.person_id
     WHERE n.removed_at IS NULL AND ${r.below('n.id', 400, 40)} = 0`,
  );
}

async function loadDemoRemovals(tx: Executor, seed: number, today: string, users: DemoUsers): Promise<void> {
  const r = sqlRandom(seed);
  const when = whenOf(r, today);
  const admin = users.admin ?? 'NULL';
  const depto = users.depto ?? 'NULL';
  await run(
    tx,
    `CREATE TEMP TABLE seed_removals ON COMMIT DROP AS
     SELECT n.id, ${when(411)} AS removed_at, CASE WHEN i.department_id = 2 THEN ${depto} ELSE ${admin} END AS removed_by
     FROM inscriptions n
     JOIN institutions i ON i.id = n.institution_id AND i.holders_consolidated_at IS NOT NULL AND i.department_id IN (2, 3, 7)
     WHERE n.removed_at IS NULL AND ${r.below('n.id', 410, 150)} = 0
       AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.inscription_id = n.id AND p.paid)
       AND NOT EXISTS (SELECT 1 FROM titular_adjustments a WHERE a.inscription_id = n.id)`,
  );
  await run(tx, `UPDATE inscriptions n SET removed_at = x.removed_at FROM seed_removals x WHERE n.id = x.id`);
  await run(
    tx,
    `INSERT INTO beneficiary_removals
       (inscription_id, year, institution_id, district_id, department_id, source, rude, student_name,
        titular_carnet, titular_name, created_at, created_by)
     SELECT n.id, n.year, i.id, i.district_id, i.department_id, 'BAJA BENEFICIARIO', s.rude, ${name('s')},
       CASE WHEN p.id IS NOT NULL THEN ${carnet} END, CASE WHEN p.id IS NOT NULL THEN ${name('p')} END,
       x.removed_at, x.removed_by
     FROM seed_removals x
     JOIN inscriptions n ON n.id = x.id
     JOIN institutions i ON i.id = n.institution_id
     JOIN students s ON s.id = n.student_id
     LEFT JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
     LEFT JOIN persons p ON p.id = t.person_id`,
  );
}
