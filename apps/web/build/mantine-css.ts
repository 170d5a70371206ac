import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/**
 * Each Mantine class map: `@mantine/core/esm/components/<Dir>/.../<Name>.module.css.mjs`, and the
 * shared ones under `esm/utils/` (InlineInput: the label beside a Radio, Checkbox or Switch — left
 * out, every such label fell under its control in the built app only).
 */
export const CLASS_MAP = /\/@mantine\/core\/esm\/(?:components|utils)\/.*\/([A-Za-z]+)\.module\.css\.mjs$/;
const FULL_STYLESHEET = /\/@mantine\/core\/styles\.css$/;
/** What every screen needs whatever it draws: reset, theme variables, focus and utility classes. */
const GLOBAL_PARTS = ['baseline', 'default-css-variables', 'global'];

/**
 * Issue 14: Mantine's whole stylesheet (230 KB raw, 90 components) was render-blocking and parsed on
 * every page, while a page draws a dozen components. Mantine ships one stylesheet per component
 * (`@mantine/core/styles/<Name>.css`, one per `<Name>.module.css.mjs` class map); this plugin adds
 * that import to each class map, so a component's CSS lands in the chunk holding its code and Vite
 * loads it with that chunk (before the chunk runs: nothing is drawn unstyled). A component's code
 * imports the components it builds on before its own class map, so their CSS keeps Mantine's
 * order (UnstyledButton before Button). `import '@mantine/core/styles.css'` keeps only the global
 * parts. Build only: the dev server pre-bundles Mantine without running plugins, so there the full
 * stylesheet stays.
 */
export function mantineComponentCss(): Plugin {
  return {
    name: 'bjp-mantine-component-css',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!FULL_STYLESHEET.test(id)) return;
      return GLOBAL_PARTS.map((part) =>
        readFileSync(require.resolve(`@mantine/core/styles/${part}.css`), 'utf8'),
      ).join('\n');
    },
    transform(code, id) {
      const match = CLASS_MAP.exec(id);
      if (!match) return;
      return { code: `import '@mantine/core/styles/${match[1]}.css';\n${code}`, map: null };
    },
  };
}
