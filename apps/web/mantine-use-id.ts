import type { Plugin } from 'vite';

const USE_ID = /\/@mantine\/hooks\/esm\/use-id\/use-id\.mjs$/;
/** What Mantine 8.3's use-id.mjs is made of: React's id in state, a random one set in an effect. */
const EXPECTED = [
  "from './use-react-id.mjs'",
  'const reactId = useReactId();',
  'useState(reactId)',
  'setUuid(randomId())',
  'typeof staticId === "string"',
];

/**
 * Mantine's `useId` (`@mantine/hooks`) keeps React's id in state and replaces it with a random one in
 * a layout effect, on every component that calls it (menus, selects, popovers, inputs' wrappers),
 * given an id or not: React 17 had no `useId`. Each such state update after a commit is a synchronous
 * re-render in the same task, which also runs every pending passive effect there: in a trace of the
 * dashboard under a 4× slowdown it made a quarter of the layout's first commit task (issue 14). With
 * React 19 the id React gives is stable and valid in CSS selectors (`_r_1a_`), which Mantine already
 * uses until that effect runs: the build keeps it (the given id first, as before). Build only: Vite's
 * dev server serves Mantine prebundled, unchanged.
 */
export function mantineUseId(): Plugin {
  let replaced = false;
  return {
    name: 'bjp-mantine-use-id',
    enforce: 'pre',
    transform(code, id) {
      if (!USE_ID.test(id)) return null;
      replaced = true;
      // Replaced only while it is the module described above: a Mantine release that changes it
      // stops the build here, to be looked at again, rather than being silently overridden.
      if (!EXPECTED.every((part) => code.includes(part)))
        throw new Error(`${id} is no longer the useId that mantine-use-id.ts replaces: review the plugin`);
      return {
        code: [
          "import { useReactId } from './use-react-id.mjs';",
          'function useId(staticId) {',
          '  const reactId = useReactId();',
          "  return typeof staticId === 'string' ? staticId : reactId;",
          '}',
          'export { useId };',
        ].join('\n'),
        map: null,
      };
    },
    generateBundle() {
      // A bundle without the module replaced (moved, renamed) would ship the effect unnoticed.
      if (!replaced)
        this.error('mantine-use-id.ts found no @mantine/hooks use-id.mjs to replace: review the plugin');
    },
  };
}
