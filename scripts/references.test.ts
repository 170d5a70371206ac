import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', 'deploy'];
const SKIP =
  /(^|\/)(node_modules|dist|artifacts|results)(\/|$)|api-schema\.d\.ts$|docs\/specification\/part-\d\.md$|docs\/scale\/history\//;
const TEXT = /\.(ts|tsx|mjs|cjs|js|md|sql|sh|conf|yaml|yml|json)$/;

function filesUnder(dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (SKIP.test(rel)) return [];
    if (entry.isDirectory()) return filesUnder(rel);
    return TEXT.test(entry.name) ? [rel] : [];
  });
}

const decisions = new Set(
  readdirSync(path.join(root, 'docs/decisions'))
    .map((f) => /^(\d{3})-/.exec(f)?.[1])
    .filter((n): n is string => Boolean(n)),
);

/** 'part 2 §2.10' → the numbered headings of docs/specification/part-2.md. */
function specSections(part: string): Set<string> {
  const text = readFileSync(path.join(root, `docs/specification/part-${part}.md`), 'utf8');
  return new Set([...text.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => m[1]!));
}
const sections: Record<string, Set<string>> = { '1': specSections('1'), '2': specSections('2') };

type Problem = string;

function problemsIn(file: string): Problem[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const found: Problem[] = [];
  for (const m of text.matchAll(/\bdecisions? (\d{3})\b/gi))
    if (!decisions.has(m[1]!)) found.push(`${file}: decision ${m[1]} does not exist`);
  for (const m of text.matchAll(/\b(?:part |p)([12]) §(\d+(?:\.\d+)?)/g))
    if (!sections[m[1]!]!.has(m[2]!)) found.push(`${file}: part ${m[1]} §${m[2]} does not exist`);
  // decisions.md is an index: a section named after it (the decisions index, then a quoted title) is gone.
  for (const m of text.matchAll(/docs\/decisions\.md[,:]? ["“'§]/g))
    found.push(`${file}: cites a section of docs/decisions.md (${m[0]}); cite the decision's number`);
  for (const m of text.matchAll(/\bdocs\/([\w./-]+\.md)\b/g))
    if (!existsSync(path.join(root, 'docs', m[1]!))) found.push(`${file}: docs/${m[1]} does not exist`);
  if (/\.\.\/shared\/(design|seeds)/.test(text))
    found.push(`${file}: points outside the repository (../shared)`);
  return found;
}

// A comment or a doc that cites a decision, a section of the specification or a document that does
// not exist sends the next reader nowhere (issue 36 found seven): CI fails on each.
describe('references in code and docs', () => {
  const files = SOURCE_DIRS.flatMap(filesUnder);

  it('reads the repository', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(decisions.size).toBeGreaterThan(40);
    expect(sections['2']!.has('2.10')).toBe(true);
  });

  it('cites only decisions, specification sections and documents that exist', () => {
    expect(files.flatMap(problemsIn)).toEqual([]);
  });
});
