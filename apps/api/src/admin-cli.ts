/**
 * npm run admin -- --username <usuario> [--name "Nombre"] [--email correo]
 * (compiled: node apps/api/dist/admin.js, in the runtime image too)
 *
 * Creates the first national administrator of a production install, or resets an existing
 * administrator's password: type 1 (ministry), role Administrador, access on, not a demo user.
 * Resetting also ends the account's open sessions and clears its failed-login counters.
 *
 * The password is never an argument (it would be in the shell's history and in `ps`): it is read
 * from BJP_ADMIN_PASSWORD, else from the file named by BJP_ADMIN_PASSWORD_FILE (a Docker or
 * Kubernetes secret), else from standard input (the first line). Nothing secret is printed. Runs as
 * DATABASE_URL (the application's role may write users; the audit log records the change), else on
 * the embedded database in DATA_DIR/pglite.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { hashPassword } from './auth/password.js';
import { loadConfig } from './config.js';
import { describeCliError, urlRole } from './db/cli-errors.js';
import { openDatabase } from './db/client.js';
import { rows } from './db/rows.js';
import { writeAudit } from './lib/audit.js';

/** Role Administrador (migration 0001's reference data). */
const ADMINISTRATOR_ROLE = 1;
const MIN_LENGTH = 12;

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Contraseña (no se muestra en ningún registro): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function readPassword(): Promise<string> {
  const raw =
    process.env.BJP_ADMIN_PASSWORD ??
    (process.env.BJP_ADMIN_PASSWORD_FILE
      ? readFileSync(process.env.BJP_ADMIN_PASSWORD_FILE, 'utf8')
      : await readStdin());
  const password = raw.split(/\r?\n/)[0] ?? '';
  if (password.length < MIN_LENGTH)
    throw new Error(
      `The password must have at least ${MIN_LENGTH} characters (read from ${
        process.env.BJP_ADMIN_PASSWORD !== undefined
          ? 'BJP_ADMIN_PASSWORD'
          : process.env.BJP_ADMIN_PASSWORD_FILE
            ? 'BJP_ADMIN_PASSWORD_FILE'
            : 'standard input'
      }).`,
    );
  if (password === 'Demo2025!') throw new Error('That is the public demo password: choose another.');
  return password;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      name: { type: 'string', default: 'Administrador Nacional' },
      email: { type: 'string' },
    },
  });
  const username = values.username?.trim().toLowerCase();
  if (!username || !/^[a-z0-9._-]{3,60}$/.test(username)) {
    console.error('Uso: npm run admin -- --username <usuario> [--name "Nombre"] [--email correo]');
    console.error('La contraseña: BJP_ADMIN_PASSWORD, BJP_ADMIN_PASSWORD_FILE o la entrada estándar.');
    process.exitCode = 2;
    return;
  }
  const password = await readPassword();
  const passwordHash = await hashPassword(password);
  const config = loadConfig();
  const handle = await openDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL, poolSize: 1 }
      : { dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  try {
    const outcome = await handle.db.transaction(async (tx) => {
      const [existing] = await rows<{ id: number; is_demo: boolean }>(
        tx,
        sql`SELECT id, is_demo FROM users WHERE username = ${username} FOR UPDATE`,
      );
      if (existing?.is_demo)
        throw new Error(
          `${username} is a demo user: choose another username for a production administrator.`,
        );
      let id: number;
      if (existing) {
        id = existing.id;
        await tx.execute(
          sql`UPDATE users SET password_hash = ${passwordHash}, has_access = true, type = 1, profile = NULL
                WHERE id = ${id}`,
        );
        await tx.execute(
          sql`UPDATE sessions SET ended_at = now(), end_reason = 'logout' WHERE user_id = ${id} AND ended_at IS NULL`,
        );
        await tx.execute(sql`DELETE FROM login_throttle WHERE username = ${username}`);
      } else {
        const [created] = await rows<{ id: number }>(
          tx,
          sql`INSERT INTO users (username, password_hash, name, email, type, profile, has_access, is_demo)
                VALUES (${username}, ${passwordHash}, ${values.name}, ${values.email ?? null}, 1, NULL, true, false)
                RETURNING id`,
        );
        id = created!.id;
      }
      await tx.execute(
        sql`INSERT INTO user_roles (user_id, role_id) VALUES (${id}, ${ADMINISTRATOR_ROLE}) ON CONFLICT DO NOTHING`,
      );
      await writeAudit(tx, {
        userId: null,
        action: existing ? 'user.admin_reset' : 'user.admin_created',
        entity: 'user',
        entityId: id,
        after: { username, roles: ['Administrador'], by: 'npm run admin' },
      });
      return existing ? 'reset' : 'created';
    });
    console.log(
      outcome === 'created'
        ? `Administrador nacional ${username} creado.`
        : `Contraseña de ${username} restablecida; sus sesiones abiertas terminaron.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    describeCliError(error, {
      role: urlRole(process.env.DATABASE_URL),
      needs:
        'the application role set up by `npm run db:roles` in DATABASE_URL (it writes users and the audit log)',
    }),
  );
  process.exit(1);
});
