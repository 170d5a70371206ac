import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLASS_MAP } from '../apps/web/build/mantine-css';

const require = createRequire(import.meta.url);
// styles/<part>.css is exported; the package's folder is two levels above it.
const core = path.dirname(path.dirname(require.resolve('@mantine/core/styles/global.css')));

function classMaps(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return classMaps(full);
    return entry.name.endsWith('.module.css.mjs') ? [full] : [];
  });
}

// The production build gives each Mantine class map its own stylesheet (apps/web/build/mantine-css.ts);
// a class map the pattern misses leaves its component unstyled in the built app only, as the
// Radio, Checkbox and Switch labels were (InlineInput lives under esm/utils, not esm/components).
describe('Mantine per-component CSS', () => {
  const maps = classMaps(path.join(core, 'esm'));

  it('finds the class maps it must cover', () => {
    expect(maps.length).toBeGreaterThan(50);
  });

  it('gives every class map of @mantine/core a stylesheet that exists', () => {
    const missed = maps.filter((file) => {
      const match = CLASS_MAP.exec(file.split(path.sep).join('/'));
      return !match || !existsSync(path.join(core, 'styles', `${match[1]}.css`));
    });
    expect(missed.map((f) => path.relative(core, f))).toEqual([]);
  });
});
