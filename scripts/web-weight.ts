/**
 * How much JavaScript a first visit to /auth/login downloads (issue 14: at most 150 KB compressed).
 * Builds nothing: reads the built app (apps/web/dist/index.html and the Vite manifest) and follows
 * static imports only. Lazy chunks are fetched when a route needs them, so they are listed apart.
 *
 *   (cd apps/web && npx vite build) && npx tsx scripts/web-weight.ts [--dist apps/web/dist] [--check]
 *
 * With --check (CI, `.ci/run` after the build) it exits with 1 when the login's JavaScript exceeds
 * the budget; without it the figures are only reported.
 *
 * The login route's own chunk (LoginPage) is part of the first visit: the router fetches it before
 * drawing the form, so it and its static imports are counted with the entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

const args = process.argv.slice(2);
const check = args.includes('--check');
const dist = args.includes('--dist') ? args[args.indexOf('--dist') + 1]! : 'apps/web/dist';
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`Falta ${manifestPath}: compile antes con (cd apps/web && npx vite build).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
const html = readFileSync(join(dist, 'index.html'), 'utf8');

/** Keys of the chunk and everything it imports statically. */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, into);
  return into;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error('El manifiesto no tiene entrada');
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/LoginPage.tsx'));
const firstVisit = staticClosure(entryKey);
if (loginKey) staticClosure(loginKey, firstVisit);

// index.html names the entry and its modulepreloads: check the manifest agrees with what is shipped.
const htmlScripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
const firstFiles = new Set([...firstVisit].map((k) => manifest[k]!.file));
// apps/web/build/screen-preload.ts's script is written outside the manifest; every visit downloads it.
const preloadScripts = htmlScripts.filter((f) => /^assets\/screen-preload-[\w-]+\.js$/.test(f));
const missing = htmlScripts.filter((f) => !firstFiles.has(f) && !preloadScripts.includes(f));
if (missing.length > 0) throw new Error(`index.html carga JS fuera del manifiesto: ${missing.join(', ')}`);
for (const f of preloadScripts) firstFiles.add(f);

type Size = { file: string; raw: number; gzip: number; brotli: number };
function sizeOf(file: string): Size {
  const bytes = readFileSync(join(dist, file));
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
const row = (s: Size) => `${kb(s.raw)} ${kb(s.gzip)} ${kb(s.brotli)}  ${s.file}`;
const header = `${'raw'.padStart(7)} ${'gzip'.padStart(7)} ${'br'.padStart(7)}  (KiB, 1024 bytes)`;

const login = [...firstFiles].map(sizeOf).sort((a, b) => b.gzip - a.gzip);
const total: Size = { file: `TOTAL (${login.length} archivos)`, raw: 0, gzip: 0, brotli: 0 };
for (const s of login) {
  total.raw += s.raw;
  total.gzip += s.gzip;
  total.brotli += s.brotli;
}
const css = [...firstVisit].flatMap((k) => manifest[k]!.css ?? []);
const cssSizes = [...new Set(css)].map(sizeOf);

console.log(
  'JavaScript de la primera visita a /auth/login (entrada + ruta de login, importaciones estáticas):',
);
console.log(header);
for (const s of login) console.log(row(s));
console.log(row(total));
console.log(`\nCSS de la misma visita:\n${header}`);
for (const s of cssSizes) console.log(row(s));

const lazy = [
  ...new Set(
    Object.values(manifest)
      .map((c) => c.file)
      .filter((f) => f.endsWith('.js') && !firstFiles.has(f)),
  ),
]
  .map(sizeOf)
  .sort((a, b) => b.gzip - a.gzip);
console.log(`\nFragmentos diferidos más grandes (${lazy.length} en total):\n${header}`);
for (const s of lazy.slice(0, 12)) console.log(row(s));

const LIMIT_KB = 150;
// The figures are Vite's (kB = 1000 bytes); the limit is checked in the stricter unit of the two.
const ok = total.gzip / 1000 <= LIMIT_KB;
console.log(
  `\nLogin: ${(total.gzip / 1024).toFixed(1)} KiB = ${(total.gzip / 1000).toFixed(1)} kB gzip, ${(total.brotli / 1000).toFixed(1)} kB brotli (límite ${LIMIT_KB} kB gzip) → ${ok ? 'OK' : 'EXCEDE'}`,
);
if (!ok && check) {
  console.error(
    `ERROR: la primera visita a /auth/login descarga ${(total.gzip / 1000).toFixed(1)} kB de JavaScript gzip, ` +
      `más que el límite de ${LIMIT_KB} kB (issue 14). Revise qué entró en la entrada: los fragmentos de arriba.`,
  );
  process.exitCode = 1;
}
