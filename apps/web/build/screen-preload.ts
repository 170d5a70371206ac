import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

const LAYOUT = '/src/app/layout/AppLayout.tsx';
/** The menu: drawn at once from Mantine's md (62em) up, in a drawer opened on demand below. */
const SIDEBAR = '/src/app/layout/Sidebar.tsx';
const ROUTES = path.resolve(import.meta.dirname, '../src/app/routes.tsx');

/** Each route of the table (routes.tsx) with the module its `page` imports. */
function routeModules(): Array<{ path: string; module: string }> {
  const source = readFileSync(ROUTES, 'utf8');
  const starts = [...source.matchAll(/\bpath: '([^']+)'/g)];
  return starts.flatMap((m, i) => {
    const body = source.slice(m.index, starts[i + 1]?.index ?? source.length);
    const imported = /import\('([^']+)'\)/.exec(body)?.[1];
    if (!imported) return [];
    return [{ path: m[1]!, module: `${path.resolve(path.dirname(ROUTES), imported)}.tsx` }];
  });
}

/** A chunk's file and every chunk it imports statically, with their stylesheets. */
function closure(bundle: OutputBundle, file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  const chunk = bundle[file];
  if (chunk?.type !== 'chunk') return into;
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const dep of chunk.imports) closure(bundle, dep, into);
  return into;
}

/** Adds a file named by its content's hash to the bundle; returns its name. */
function add(bundle: OutputBundle, name: string, ext: string, source: string): string {
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  const fileName = `assets/${name}-${hash}.${ext}`;
  bundle[fileName] = {
    type: 'asset',
    fileName,
    name: `${name}.${ext}`,
    names: [`${name}.${ext}`],
    originalFileName: null,
    originalFileNames: [],
    needsCodeReference: false,
    source,
  };
  return fileName;
}

/** A route path as a regular expression over `location.pathname` (`:id` is one segment). */
const pattern = (route: string) => `^${route.replace(/:[^/]+/g, '[^/]+').replace(/\/$/, '')}/?$`;

/**
 * Issue 14: a logged-in screen's code (the layout's chunks and stylesheets, then the screen's) was
 * requested only once the entry (130 kB) had arrived and run, a second wave of downloads on a slow
 * line. This plugin writes a small script that index.html runs as soon as it arrives (async, beside
 * the entry). With a session in storage it reads the table of the screens' files (a JSON file: the
 * login, without a session, downloads only the script's few hundred bytes) and preloads the
 * layout's files, the menu's on a wide screen, and those of the screen the address names, so they
 * download together with the entry. It adds preload links as Vite's own loader does (module
 * preloads; stylesheets in the same CORS mode), which the chunks' loading then finds: files asked
 * with fetch() were downloaded a second time. The script is a file, not inline: the CSP allows
 * scripts from 'self' only.
 */
export function screenPreload(): Plugin {
  return {
    name: 'bjp-screen-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        // A module merged into a chunk of another name (Rollup's small-chunk merging) is found by content.
        const chunkOf = (module: string) =>
          chunks.find((c) => c.facadeModuleId?.endsWith(module)) ??
          chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
        const layout = chunkOf(LAYOUT);
        if (!entry || !layout) throw new Error('screen-preload: no se encontró la entrada o AppLayout');
        const loaded = closure(bundle, entry.fileName);
        const layoutFiles = [...closure(bundle, layout.fileName)].filter((f) => !loaded.has(f));
        const sidebar = chunkOf(SIDEBAR);
        if (!sidebar) throw new Error('screen-preload: no se encontró el chunk del menú');
        const menuFiles = [...closure(bundle, sidebar.fileName)].filter(
          (f) => !loaded.has(f) && !layoutFiles.includes(f),
        );
        const screens = routeModules().flatMap((route) => {
          const page = chunkOf(route.module);
          if (!page) throw new Error(`screen-preload: sin chunk para ${route.module}`);
          const files = [...closure(bundle, page.fileName)].filter(
            (f) => !loaded.has(f) && !layoutFiles.includes(f),
          );
          return [[pattern(route.path), files]];
        });
        // Each file named once; the layout, the menu and the screens list indexes into that list.
        const names = [
          ...new Set([...layoutFiles, ...menuFiles, ...screens.flatMap(([, files]) => files as string[])]),
        ];
        const index = (files: string[]) => files.map((f) => names.indexOf(f));
        const table = JSON.stringify({
          n: names,
          f: index(layoutFiles),
          m: index(menuFiles),
          s: screens.map(([re, files]) => [re, index(files as string[])]),
        });
        const tableFile = add(bundle, 'screens', 'json', table);
        const source = `(function(){try{if(!localStorage.getItem('token'))return}catch(e){return}
fetch('/${tableFile}').then(function(r){return r.json()}).then(function(d){var f=d.f,p=location.pathname;
if(window.matchMedia&&matchMedia('(min-width: 62em)').matches)f=f.concat(d.m);
for(var i=0;i<d.s.length;i++)if(new RegExp(d.s[i][0]).test(p)){f=f.concat(d.s[i][1]);break}
for(var j=0;j<f.length;j++){var l=document.createElement('link'),h=d.n[f[j]],css=/\\.css$/.test(h);
l.rel=css?'preload':'modulepreload';if(css)l.as='style';l.crossOrigin='';l.href='/'+h;document.head.appendChild(l)}
}).catch(function(){})})();
`;
        const fileName = add(bundle, 'screen-preload', 'js', source);
        return [{ tag: 'script', attrs: { async: true, src: `/${fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}
