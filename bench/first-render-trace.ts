/**
 * Issue 14: what each long main-thread task of a cold page load is made of, under a real 4× CPU
 * slowdown (Lighthouse simulates its slowdown from an unthrottled trace; this one slows Chromium
 * itself, so the tasks can be read directly). For each task of at least --min ms (default 40), its
 * parts (script evaluation per file, style, layout, paint…) and the JavaScript functions that took
 * the most time in it (from the V8 sampling profile, readable with a build made with
 * `npx vite build --minify false --outDir <folder>` in apps/web).
 *
 *   BASE=http://127.0.0.1:3951 npx tsx bench/first-render-trace.ts /tutors/principal director 2
 *
 * Needs a server already serving the build (e.g. bench/lighthouse.ts's, or `apps/api/src/main.ts`
 * with WEB_DIST). Arguments: path, user (none for the login), user type (1 ministry, 2 SIE).
 * --trace <file> also writes the raw trace (opens in Chromium's performance panel).
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const [target = '/auth/login', username, type = '2'] = args.filter(
  (a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'),
);
const base = process.env.BASE ?? 'http://127.0.0.1:3951';
const minMs = Number(flag('--min') ?? 40);
const rate = Number(flag('--rate') ?? 4);

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & {
    data?: Record<string, unknown> & { url?: string; functionName?: string };
  };
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const context = await browser.newContext({
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
});
try {
  if (username) {
    const page = await context.newPage();
    await page.goto(`${base}/auth/login`);
    await page.getByLabel('Usuario').fill(username);
    await page.getByLabel('Contraseña').fill('Demo2025!');
    await page.getByLabel('Tipo').click();
    await page.getByRole('option', { name: type === '1' ? /Ministerio/ : /SIE/ }).click();
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
    await page.goto('about:blank');
    await page.close();
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'disabled-by-default-v8.cpu_profiler',
        'toplevel',
        'blink.user_timing',
        'loading',
        '__metadata',
      ],
    },
  });
  await page.goto(`${base}${target}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3000);
  await cdp.send('Tracing.end');
  await done;
  if (flag('--trace')) writeFileSync(flag('--trace')!, JSON.stringify({ traceEvents: events }));
  analyse(events);
} finally {
  await browser.close();
}

function analyse(events: TraceEvent[]) {
  // The renderer that loaded the page: the one with the most events among the main threads.
  const mains = events.filter(
    (e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain',
  );
  const count = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid).length;
  // Chromium's own pages (the new tab's chrome:// renderer) can have more events: only a renderer
  // that ran the app's scripts counts.
  const ranApp = new Set(
    events.filter((e) => String(e.args?.data?.url ?? '').startsWith(base)).map((e) => `${e.pid}:${e.tid}`),
  );
  const renderer = mains
    .filter((m) => ranApp.has(`${m.pid}:${m.tid}`))
    .sort((a, b) => count(b) - count(a))[0];
  if (!renderer) throw new Error('no main thread in the trace');
  const onMain = events.filter((e) => e.pid === renderer.pid && e.tid === renderer.tid && e.ph === 'X');
  const navStart = events.find((e) => e.name === 'navigationStart' && e.pid === renderer.pid)?.ts ?? 0;
  const taskName = onMain.some((e) => e.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
  const tasks = onMain
    .filter((e) => e.name === taskName)
    .filter((e) => (e.dur ?? 0) / 1000 >= minMs)
    .sort((a, b) => a.ts - b.ts);
  const marks = events.filter(
    (e) =>
      e.pid === renderer.pid &&
      ['firstContentfulPaint', 'largestContentfulPaint::Candidate', 'firstPaint'].includes(e.name),
  );
  for (const m of marks) console.log(`${m.name} @${Math.round((m.ts - navStart) / 1000)} ms`);
  const samples = cpuSamples(events, renderer.pid, renderer.tid);
  let blocking = 0;
  for (const task of tasks) {
    const start = task.ts;
    const end = task.ts + (task.dur ?? 0);
    const ms = (task.dur ?? 0) / 1000;
    blocking += Math.max(0, ms - 50);
    console.log(`\nTAREA @${Math.round((start - navStart) / 1000)} ms, ${Math.round(ms)} ms`);
    const inside = onMain.filter((e) => e !== task && e.ts >= start && e.ts + (e.dur ?? 0) <= end);
    const parts = new Map<string, number>();
    for (const e of inside) {
      const url = String(e.args?.data?.url ?? '').replace(/^https?:\/\/[^/]+/, '');
      const key = ['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'v8.compileModule'].includes(e.name)
        ? `${e.name} ${url} ${e.args?.data?.functionName ?? ''}`
        : e.name;
      if (
        [
          'UpdateLayoutTree',
          'Layout',
          'Paint',
          'PrePaint',
          'Layerize',
          'ParseHTML',
          'MinorGC',
          'MajorGC',
          'V8.GC_SCAVENGER',
          'ParseAuthorStyleSheet',
          'HitTest',
          'EvaluateScript',
          'v8.evaluateModule',
          'FunctionCall',
          'v8.compile',
          'v8.compileModule',
          'TimerFire',
          'FireAnimationFrame',
          'RunMicrotasks',
          'XHRReadyStateChange',
          'EventDispatch',
        ].includes(e.name)
      )
        parts.set(key, (parts.get(key) ?? 0) + (e.dur ?? 0) / 1000);
    }
    for (const [k, v] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, 12))
      if (v >= 2) console.log(`  ${v.toFixed(1).padStart(7)} ms  ${k}`);
    const self = new Map<string, number>();
    for (const s of samples) {
      if (s.ts < start || s.ts > end) continue;
      self.set(s.frame, (self.get(s.frame) ?? 0) + s.ms);
    }
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 15);
    if (top.length) console.log('  funciones (tiempo propio):');
    for (const [k, v] of top) if (v >= 1) console.log(`  ${v.toFixed(1).padStart(7)} ms  ${k}`);
    // --stack <name>: the call stacks (by time) of the samples in that function, to find who calls it.
    const wanted = flag('--stack');
    if (wanted) {
      const stacks = new Map<string, number>();
      for (const s of samples) {
        if (s.ts < start || s.ts > end || !s.frame.startsWith(`${wanted} `)) continue;
        const key = s
          .stack()
          .slice(1, 40)
          .map((f) => f.split(' ')[0])
          .join(' < ');
        stacks.set(key, (stacks.get(key) ?? 0) + s.ms);
      }
      for (const [k, v] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 3))
        console.log(`  pila de ${wanted} (${v.toFixed(1)} ms): ${k}`);
    }
  }
  console.log(`\nTareas ≥ ${minMs} ms: ${tasks.length}; su exceso sobre 50 ms: ${Math.round(blocking)} ms`);
}

/** The V8 sampling profile's samples on the main thread: time and the function that was running. */
function cpuSamples(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, string>();
  const parents = new Map<number, number>();
  const out: { ts: number; frame: string; ms: number; stack: () => string[] }[] = [];
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!profile) return out;
  let ts = Number((profile.args?.data as { startTime?: number })?.startTime ?? 0);
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id);
  for (const chunk of chunks) {
    const data = chunk.args?.data as {
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: { functionName: string; url: string; lineNumber: number };
        }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
    for (const n of data.cpuProfile?.nodes ?? []) {
      if (n.parent !== undefined) parents.set(n.id, n.parent);
      const f = n.callFrame;
      const file = (f.url ?? '').replace(/^https?:\/\/[^/]+/, '');
      nodes.set(n.id, `${f.functionName || '(anónima)'} ${file}${file ? `:${f.lineNumber + 1}` : ''}`);
    }
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      ts += deltas[i] ?? 0;
      const next = deltas[i + 1] ?? 0;
      const id = samples[i]!;
      const stack = () => {
        const names: string[] = [];
        for (let n: number | undefined = id; n !== undefined; n = parents.get(n))
          names.push(nodes.get(n) ?? '?');
        return names;
      };
      out.push({ ts, frame: nodes.get(id) ?? '?', ms: Math.max(0, next) / 1000, stack });
    }
  }
  return out;
}
