import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const ROUTE_PRELOAD_KEY = '_route-preload.js';

type PreloadMap = { layout: string[]; routes: Record<string, string[]> };

/** Each route's path and the module its page is imported from, read from the route table. */
function routePages(root: string): Array<{ path: string; module: string }> {
  const file = path.join(root, 'src/app/routes.tsx');
  const source = readFileSync(file, 'utf8');
  const found: Array<{ path: string; module: string }> = [];
  for (const m of source.matchAll(/\{\s*path: '([^']+)',[^{}]*?import\('([^']+)'\)/g)) {
    found.push({ path: m[1]!, module: path.resolve(path.dirname(file), m[2]!) });
  }
  return found;
}

function chunkFor(bundle: OutputBundle, module: string): OutputChunk | undefined {
  return Object.values(bundle).find(
    (c): c is OutputChunk =>
      c.type === 'chunk' && !!c.facadeModuleId && c.facadeModuleId.replace(/\.[jt]sx?$/, '') === module,
  );
}

/** A chunk with the chunks it imports statically and their CSS, as paths from the site's root. */
function closure(bundle: OutputBundle, chunk: OutputChunk, skip: Set<string>, out = new Set<string>()) {
  if (skip.has(chunk.fileName) || out.has(`/${chunk.fileName}`)) return out;
  out.add(`/${chunk.fileName}`);
  const css = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
    ?.importedCss;
  for (const file of css ?? []) if (!skip.has(file)) out.add(`/${file}`);
  for (const file of chunk.imports) {
    const next = bundle[file];
    if (next?.type === 'chunk') closure(bundle, next, skip, out);
  }
  return out;
}

/**
 * The script: with a stored session, asks at once for the layout's and the page's files. The files
 * are listed once (names under /assets/) and referred to by position, to keep it small.
 */
function script(map: PreloadMap): string {
  const files: string[] = [];
  const index = (file: string) => {
    const name = file.replace(/^\/assets\//, '');
    let i = files.indexOf(name);
    if (i < 0) i = files.push(name) - 1;
    return i;
  };
  const layout = map.layout.map(index);
  const routes = Object.fromEntries(Object.entries(map.routes).map(([p, list]) => [p, list.map(index)]));
  const data = JSON.stringify({ f: files, l: layout, r: routes });
  return `(function(){try{if(!localStorage.getItem('User'))return;var m=${data},r=m.r[location.pathname.replace(/(.)/$/,'$1')];if(!r)return;r=m.l.concat(r);for(var i=0;i<r.length;i++){var f=m.f[r[i]],l=document.createElement('link');if(/.css$/.test(f)){l.rel='preload';l.as='style'}else{l.rel='modulepreload';l.crossOrigin=''}l.href='/assets/'+f;document.head.appendChild(l)}}catch(e){}})();\n`;
}

/**
 * A signed-in visit used to fetch the entry, run it, and only then ask for the layout's and the
 * page's chunks (dozens for some screens): the first paint waited for that chain (Lighthouse, issue
 * 14). A tiny script, loaded with the page, preloads those chunks alongside the entry when the
 * browser holds a session. It is a file, not inline code: the server's CSP allows only 'self'
 * scripts. The login page (no session) asks for nothing more.
 */
export function routePreload(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  let pending: { fileName: string; source: string } | undefined;
  return {
    name: 'bjp-route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const entry = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && c.isEntry);
        const layout = chunkFor(bundle, path.join(root, 'src/app/layout/AppLayout'));
        if (!entry || !layout) return html;
        const skip = new Set<string>();
        for (const file of closure(bundle, entry, new Set())) skip.add(file.slice(1));
        const layoutFiles = closure(bundle, layout, skip);
        const routes: Record<string, string[]> = {};
        for (const route of routePages(root)) {
          const chunk = chunkFor(bundle, route.module);
          if (chunk)
            routes[route.path] = [...closure(bundle, chunk, skip)].filter((f) => !layoutFiles.has(f));
        }
        const source = script({ layout: [...layoutFiles], routes });
        const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
        pending = { fileName: `assets/route-preload-${hash}.js`, source };
        return {
          html,
          tags: [
            { tag: 'script', attrs: { async: true, src: `/${pending.fileName}` }, injectTo: 'head-prepend' },
          ],
        };
      },
    },
    async writeBundle() {
      if (!pending) return;
      const file = path.join(outDir, pending.fileName);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, pending.source);
      // The manifest says index.html loads it, so scripts/web-weight.ts counts it in the login's weight.
      const manifestFile = path.join(outDir, '.vite/manifest.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<
        string,
        { file: string; isEntry?: boolean; imports?: string[] }
      >;
      const entry = Object.values(manifest).find((c) => c.isEntry);
      if (!entry) return;
      manifest[ROUTE_PRELOAD_KEY] = { file: pending.fileName };
      entry.imports = [...(entry.imports ?? []), ROUTE_PRELOAD_KEY];
      await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
