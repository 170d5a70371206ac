import path from 'node:path';
import type { ManualChunkMeta } from 'rollup';

/**
 * Issue 14 (decision 031, third round): the logged-in layout and the director's 'Tutores' waited on
 * about 65 small files (one per shared Mantine component, icon or helper) before their first paint;
 * on a slow line each costs a round trip. This groups the code the login page never runs into a few
 * larger chunks: the layout's ('shell'), the menu's ('menu') and one per area of screens, while
 * every module the login's entry runs stays where Rollup's default split puts it (the login keeps
 * its size, checked by `scripts/web-weight.ts --check`).
 *
 * Which modules the entry runs is found from the bindings each module imports (read from its
 * syntax tree), not from `importedIds`: these follow a barrel (`@mantine/core`, the icons, the
 * domain) to every module it re-exports, and would count all of Mantine as the login's. A module
 * whose imports cannot be read is taken whole, with everything it imports (a module wrongly kept
 * out of a group only costs a file; one wrongly grouped would put a group in the login's entry).
 * With `output.onlyExplicitManualChunks` Rollup puts in a group only the modules named here, not
 * their static dependencies (which moved React and Mantine into the layout's chunk before).
 */

const SRC = path.resolve(import.meta.dirname, '../src');
/** Entry points of the groups: the layout, the menu (its own file: a phone opens it on demand). */
const LAYOUT = path.join(SRC, 'app/layout/AppLayout.tsx');
const SIDEBAR = path.join(SRC, 'app/layout/Sidebar.tsx');
const FEATURES = path.join(SRC, 'features');
/** The area of '/', the screen every login lands on. */
const HOME_AREA = 'dashboard';
/** The route table: the modules it imports lazily are the screens. */
const ROUTES = path.join(SRC, 'app/routes.tsx');

/** Large libraries a few screens use: left to Rollup's split (the charts, the form builder's). */
const LEFT_ALONE = /\/node_modules\/(recharts|@mantine\/charts|@dnd-kit|zod)\//;
/**
 * What several areas' screens share goes in 'common' when it is the app's own code, the domain's
 * or Mantine's components and icons; other libraries (dates, charts and their dependencies) are
 * left to Rollup's split, and so is any module that needs one of them or zod (below).
 */
const COMMON =
  /\/node_modules\/(@mantine\/core|@mantine\/hooks|@tabler\/icons-react)\/|\/apps\/web\/src\/|\/packages\/domain\/src\//;

type Needs = { id: string; names: string[] | '*' };
type Facts = {
  /** What the module's own code imports (side-effect imports need nothing by name: `[]`). */
  imports: Needs[];
  /** `export { a as b } from 'x'`: b → (x, a). */
  reexports: Map<string, { id: string; name: string }>;
  /** `export * from 'x'`. */
  stars: string[];
  /** Names the module itself defines and exports. */
  local: Set<string>;
};

type Node = { type: string; [key: string]: unknown };
const nameOf = (n: unknown) => {
  const node = n as { type: string; name?: string; value?: string };
  return node.type === 'Identifier' ? node.name! : String(node.value);
};

/** Reads a module's imports and exports from its syntax tree; undefined when it cannot. */
function factsOf(meta: ManualChunkMeta, id: string): Facts | undefined {
  const info = meta.getModuleInfo(id);
  const body = (info?.ast as { body?: Node[] } | null)?.body;
  if (!info || !body) return undefined;
  // importedIds follows the order in which each source first appears (imports and re-exports).
  const sources: string[] = [];
  for (const node of body) {
    const source = (node.source as { value?: string } | null | undefined)?.value;
    if (
      source !== undefined &&
      ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration'].includes(node.type) &&
      !sources.includes(source)
    )
      sources.push(source);
  }
  if (sources.length !== info.importedIds.length) return undefined;
  const idOf = (node: Node) => info.importedIds[sources.indexOf((node.source as { value: string }).value)]!;
  const facts: Facts = { imports: [], reexports: new Map(), stars: [], local: new Set() };
  for (const node of body) {
    if (node.type === 'ImportDeclaration') {
      const specifiers = node.specifiers as Node[];
      if (specifiers.some((s) => s.type === 'ImportNamespaceSpecifier')) {
        facts.imports.push({ id: idOf(node), names: '*' });
      } else {
        facts.imports.push({
          id: idOf(node),
          names: specifiers.map((s) =>
            s.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(s.imported),
          ),
        });
      }
    } else if (node.type === 'ExportAllDeclaration') {
      if (node.exported) facts.reexports.set(nameOf(node.exported), { id: idOf(node), name: '*' });
      else facts.stars.push(idOf(node));
    } else if (node.type === 'ExportNamedDeclaration') {
      if (node.source) {
        for (const s of node.specifiers as Node[])
          facts.reexports.set(nameOf(s.exported), { id: idOf(node), name: nameOf(s.local) });
      } else {
        for (const s of node.specifiers as Node[]) facts.local.add(nameOf(s.exported));
        const declaration = node.declaration as Node | null;
        if (declaration?.type === 'VariableDeclaration') {
          for (const d of declaration.declarations as Node[]) {
            const target = d.id as Node;
            if (target.type !== 'Identifier') return undefined;
            facts.local.add(target.name as string);
          }
        } else if (declaration) {
          facts.local.add(nameOf(declaration.id));
        }
      }
    } else if (node.type === 'ExportDefaultDeclaration') {
      facts.local.add('default');
    }
  }
  return facts;
}

/** The modules whose code runs once `roots` run, following the bindings imported. */
function runClosure(meta: ManualChunkMeta, facts: (id: string) => Facts | undefined, roots: string[]) {
  const reached = new Set<string>();
  const whole = new Set<string>();
  const asked = new Set<string>();

  const reach = (id: string) => {
    if (reached.has(id)) return;
    reached.add(id);
    const f = facts(id);
    if (!f) {
      for (const dep of meta.getModuleInfo(id)?.importedIds ?? []) reachWhole(dep);
      return;
    }
    for (const { id: dep, names } of f.imports) {
      if (names === '*') reachWhole(dep);
      else if (names.length === 0) reach(dep);
      else for (const name of names) need(dep, name);
    }
  };
  const reachWhole = (id: string) => {
    if (whole.has(id)) return;
    whole.add(id);
    reach(id);
    const f = facts(id);
    if (!f) return;
    for (const target of f.reexports.values()) reachWhole(target.id);
    for (const star of f.stars) reachWhole(star);
  };
  /** Whether the module exports `name`, itself or through `export *`. */
  const exportsName = (id: string, name: string, seen = new Set<string>()): boolean => {
    if (seen.has(id)) return false;
    seen.add(id);
    const f = facts(id);
    if (!f) return true;
    return f.local.has(name) || f.reexports.has(name) || f.stars.some((s) => exportsName(s, name, seen));
  };
  const need = (id: string, name: string) => {
    const key = `${id}\0${name}`;
    if (asked.has(key)) return;
    asked.add(key);
    const f = facts(id);
    if (!f || f.local.has(name)) return reach(id);
    const target = f.reexports.get(name);
    if (target) return target.name === '*' ? reachWhole(target.id) : need(target.id, target.name);
    const stars = f.stars.filter((s) => exportsName(s, name));
    // A name found nowhere (a CommonJS module's, say): the module is taken whole.
    if (stars.length === 0) return reachWhole(id);
    for (const s of stars) need(s, name);
  };

  for (const root of roots) reach(root);
  return reached;
}

/** The group of the module `id`, or undefined to leave it to Rollup's split. */
export function chunkGroups() {
  let groupOf: Map<string, string> | undefined;

  const compute = (meta: ManualChunkMeta) => {
    const cache = new Map<string, Facts | undefined>();
    const facts = (id: string) => {
      if (!cache.has(id)) cache.set(id, factsOf(meta, id));
      return cache.get(id);
    };
    const ids = [...meta.getModuleIds()];
    const entries = ids.filter((id) => meta.getModuleInfo(id)?.isEntry);
    const login = runClosure(meta, facts, entries);
    const groups = new Map<string, string>();
    // The entry's modules are named too: Rollup takes a group for an entry of its own, so a module
    // the entry shares with a group would otherwise be split off the entry into a file of its own.
    for (const id of login)
      if (meta.getModuleInfo(id)?.isIncluded && !LEFT_ALONE.test(id)) groups.set(id, 'index');
    const assign = (roots: string[], name: string | ((id: string) => string)) => {
      for (const id of runClosure(meta, facts, roots)) {
        if (groups.has(id) || login.has(id) || LEFT_ALONE.test(id)) continue;
        if (!meta.getModuleInfo(id)?.isIncluded) continue;
        groups.set(id, typeof name === 'string' ? name : name(id));
      }
    };
    // The layout and its menu: the menu is fetched with the layout (a screen shares much of its code).
    assign([LAYOUT, SIDEBAR], 'shell');
    const areaOf = (id: string) =>
      id.startsWith(`${FEATURES}/`) ? id.slice(FEATURES.length + 1).split('/')[0] : undefined;
    // The screens (what the route table loads lazily) and what they load lazily themselves (the
    // dashboard's bar charts, the titular's dialog), each named by its area.
    const lazyAreas = new Map<string, string>();
    for (const id of ids) {
      const importers = meta.getModuleInfo(id)?.dynamicImporters ?? [];
      const area = importers.includes(ROUTES) ? areaOf(id) : importers.map(areaOf).find(Boolean);
      if (area) lazyAreas.set(id, area);
    }
    const fromScreens = new Map<string, Set<string>>();
    const fromAnything = new Map<string, Set<string>>();
    for (const [root, area] of lazyAreas) {
      const screen = meta.getModuleInfo(root)?.dynamicImporters.includes(ROUTES);
      for (const id of runClosure(meta, facts, [root])) {
        for (const map of screen ? [fromScreens, fromAnything] : [fromAnything]) {
          if (!map.has(id)) map.set(id, new Set());
          map.get(id)!.add(area);
        }
      }
    }
    // What one area's screens use goes with them; what several areas' screens use, in one chunk
    // ('common'); what only a lazily loaded part uses stays with that part.
    const common = new Set<string>();
    for (const [id, areas] of fromAnything) {
      if (!fromScreens.has(id) || login.has(id) || groups.has(id) || LEFT_ALONE.test(id)) continue;
      if (!meta.getModuleInfo(id)?.isIncluded) continue;
      if (areas.size === 1) groups.set(id, `area-${[...areas][0]}`);
      else if (COMMON.test(id)) common.add(id);
    }
    // A module of 'common' that needs one left to Rollup (a domain schema, zod, the date pickers)
    // stays out of it: otherwise every screen loading 'common' would load that one too.
    const closures = new Map([...common].map((id) => [id, runClosure(meta, facts, [id])]));
    const outside = (dep: string) =>
      !login.has(dep) &&
      groups.get(dep) !== 'shell' &&
      !common.has(dep) &&
      !!meta.getModuleInfo(dep)?.isIncluded;
    for (let changed = true; changed; ) {
      changed = false;
      for (const id of common) {
        if ([...closures.get(id)!].some(outside)) {
          common.delete(id);
          changed = true;
        }
      }
    }
    // What the home screen (the dashboard, where every login lands) and the panels it loads at once
    // share with other areas is a chunk of its own: the dashboard does not download the rest of
    // 'common'.
    for (const id of common) groups.set(id, fromAnything.get(id)!.has(HOME_AREA) ? 'common-home' : 'common');
    if (process.env.BJP_CHUNK_DEBUG) {
      for (const [id, g] of groups)
        if (g === 'common')
          console.log(
            `common ${fromAnything.get(id)!.size} ${meta.getModuleInfo(id)?.code?.length} ${id} ${[...fromAnything.get(id)!].join(',')}`,
          );
    }
    return groups;
  };

  return (id: string, meta: ManualChunkMeta): string | undefined => {
    // Computed on the first call, once per `vite build` (a watching build would keep the first).
    groupOf ??= compute(meta);
    return groupOf.get(id);
  };
}
