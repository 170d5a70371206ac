import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const patchesDir = path.join(root, 'patches');

/** The files a patch writes and the lines it adds to each (patch-package's git-style diffs). */
function addedLines(patch: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of patch.split('\n')) {
    const target = /^\+\+\+ b\/(.+)$/.exec(line);
    if (target) {
      current = [];
      files.set(target[1]!, current);
    } else if (current && line.startsWith('+') && line.slice(1).trim() !== '') current.push(line.slice(1));
  }
  return files;
}

// Third-party code is changed only through patches/ (decision 058), applied by `patch-package` at
// npm's postinstall in development, in CI and in the image's build stage alike. An install that
// skipped it (`--ignore-scripts`) or a dependency upgraded past its patch would ship the code
// unpatched without a word: this fails instead.
describe('patches', () => {
  const patches = readdirSync(patchesDir).filter((f) => f.endsWith('.patch'));

  it('are there', () => {
    expect(patches.length).toBeGreaterThan(0);
  });

  for (const patch of patches) {
    it(`${patch} is applied to the installed package`, () => {
      const version = /\+(\d+\.\d+\.\d+[^.]*)\.patch$/.exec(patch)?.[1];
      for (const [file, lines] of addedLines(readFileSync(path.join(patchesDir, patch), 'utf8'))) {
        const text = readFileSync(path.join(root, file), 'utf8');
        const pkg = file.replace(/^(node_modules\/(?:@[^/]+\/)?[^/]+)\/.*$/, '$1/package.json');
        expect(JSON.parse(readFileSync(path.join(root, pkg), 'utf8')).version).toBe(version);
        for (const line of lines) expect(text, `${file} lacks: ${line}`).toContain(line);
      }
    });
  }
});
