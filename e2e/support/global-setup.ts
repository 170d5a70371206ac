import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startProduct } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Starts the real product as `npm start` would (built web app, fresh embedded database with the demo
 * data) on a free port, once for the whole browser suite.
 */
export default async function setup(project: TestProject) {
  // E2E_BASE_URL: a product already running (built, with fresh demo data) is used as it is, which
  // spares the demo data load on a busy machine. Its data must be the demo's, untouched.
  if (process.env.E2E_BASE_URL) {
    project.provide('baseUrl', process.env.E2E_BASE_URL.replace(/\/$/, ''));
    return async () => {};
  }
  // The server's log goes to e2e/artifacts/server.log, to read after a failing run.
  const artifacts = path.resolve(import.meta.dirname, '../artifacts');
  mkdirSync(artifacts, { recursive: true });
  const server = await startProduct({ logFile: path.join(artifacts, 'server.log'), logLevel: 'info' });
  project.provide('baseUrl', server.baseUrl);
  return server.stop;
}
