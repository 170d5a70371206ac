// Issue 12: what storing the frozen declaration adds to 'Consolidar Estudiantes' (docs/scale.md,
// "Frozen declarations"). On a seeded database (demo by default) it takes the largest school whose
// holder list is still open and, RUNS times, consolidates it inside a transaction that is rolled
// back at the end (so every run consolidates the same school from the same state): it times the
// whole consolidation (which now gathers the declaration's data, renders the PDF in the worker pool
// and stores it) and, in the same transaction, the storing step alone (a second store, same work).
// Consolidation without storing ≈ the first minus the second.
// Run: npm run bench -- declarations postgres://postgres@127.0.0.1:5432/<seeded database> [runs]
// biome-ignore lint/suspicious/noExplicitAny: the bench type-checks apart from the API
type Mod = Record<string, any>;
const api = (p: string): Promise<Mod> => import(new URL(`../apps/api/src/${p}`, import.meta.url).href);

const url = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('usage: npm run bench -- declarations <postgres url of a seeded database> [runs]');
const runs = Number(process.argv[3] ?? 5);

const { openDatabase } = await api('db/client.ts');
const { loadConfig } = await api('config.ts');
const { fixedClock } = await api('lib/clock.ts');
const { DocumentService } = await api('documents/service.ts');
const { consolidate } = await api('modules/holders/consolidation.ts');
const { storeHoldersDeclaration } = await api('modules/holders/frozen.ts');
const { registrationPeriod } = await api('modules/holders/context.ts');
const { declarationData } = await api('modules/holders/declaration-data.ts');
const { sql } = await import('drizzle-orm');

const handle = await openDatabase({ url, poolSize: 4 });
const { period } = await registrationPeriod(handle.db);
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const documents = new DocumentService({ threads: 1, perUser: 2, maxQueue: 20 });
const render = (template: string, input: unknown) => documents.render(template, input);
const [school] = (
  await handle.db.execute(sql`
    SELECT n.institution_id AS sie, count(*)::int AS students FROM inscriptions n
    JOIN institutions i ON i.id = n.institution_id AND i.holders_consolidated_at IS NULL
    WHERE n.removed_at IS NULL GROUP BY n.institution_id ORDER BY count(*) DESC LIMIT 1`)
).rows as Array<{ sie: number; students: number }>;
const [admin] = (await handle.db.execute(sql`SELECT id FROM users WHERE username = 'admin'`)).rows as Array<{
  id: number;
}>;
if (!school || !admin) throw new Error('no open school or no admin user: is the database seeded?');
const user = { id: admin.id, name: 'Bench', firstLastName: 'Bench' };
const clock = fixedClock(`${period.startsOn}T14:00:00Z`);

class Rollback extends Error {}
const times: Array<{ consolidation: number; store: number; data: number; render: number; pdfBytes: number }> =
  [];
for (let i = 0; i <= runs; i++) {
  let t = { consolidation: 0, store: 0, data: 0, render: 0, pdfBytes: 0 };
  try {
    await handle.db.transaction(async (outer: Mod) => {
      const deps = { db: outer, config, clock };
      let start = performance.now();
      await consolidate(deps, user, school.sie, '127.0.0.1', render);
      t.consolidation = performance.now() - start;
      start = performance.now();
      await storeHoldersDeclaration(deps, outer, school.sie, render, false);
      t.store = performance.now() - start;
      start = performance.now();
      const data = await declarationData(deps, school.sie, outer);
      t.data = performance.now() - start;
      start = performance.now();
      await render('declarationPdf', { data, printedAt: new Date() });
      t.render = performance.now() - start;
      const [row] = (
        await outer.execute(sql`SELECT octet_length(pdf)::int AS n FROM declarations
          WHERE institution_id = ${school.sie} AND kind = 2 AND superseded_at IS NULL`)
      ).rows as Array<{ n: number }>;
      t.pdfBytes = row?.n ?? 0;
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (i > 0) times.push(t); // run 0 starts the worker
  t = { consolidation: 0, store: 0, data: 0, render: 0, pdfBytes: 0 };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;
console.log(`School ${school.sie}, ${school.students} students; ${runs} runs (rolled back)`);
console.table(
  times.map((r) => ({
    ...r,
    consolidation: ms(r.consolidation),
    store: ms(r.store),
    data: ms(r.data),
    render: ms(r.render),
  })),
);
const c = median(times.map((r) => r.consolidation));
const s = median(times.map((r) => r.store));
console.log(
  `median: consolidation with storing ${ms(c)}, storing alone ${ms(s)}, without storing ≈ ${ms(c - s)}`,
);
await documents.close();
await handle.close();
