import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { DocumentTask } from './worker/templates.js';

export type PoolSettings = { threads: number; maxQueue: number };

/**
 * The worker runs the same TypeScript as the server. Under tsx (npm run serve, the benches) and
 * under vitest this module is a .ts file and the worker thread gets tsx's loader, passed explicitly
 * (a vitest process has no loader to inherit); compiled to .js, the worker is plain .js.
 */
function workerEntry(): { filename: string; execArgv?: string[] } {
  const typescript = import.meta.url.endsWith('.ts');
  const filename = new URL(`./worker/render-worker.${typescript ? 'ts' : 'js'}`, import.meta.url).href;
  if (!typescript) return { filename };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename, execArgv: ['--import', tsx] };
}

export function createDocumentPool(settings: PoolSettings): Piscina<DocumentTask, Uint8Array> {
  return new Piscina<DocumentTask, Uint8Array>({
    ...workerEntry(),
    minThreads: settings.threads,
    maxThreads: settings.threads,
    maxQueue: settings.maxQueue,
    // Workers stay up between documents: starting one loads pdfmake, exceljs and the templates.
    idleTimeout: 10 * 60_000,
    // A document that runs away ends its worker (the request gets a 500), never the server.
    resourceLimits: { maxOldGenerationSizeMb: 1536 },
  });
}
