// Foundation figures on national data: dashboard statistics under 20 concurrent clients, and login rate.
// Run: npm run bench -- foundation   (after `npx tsx bench/load-national.ts`)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { type LoadResult, load, loginToken, root, startServer } from './support.js';

const server = await startServer();
const results: LoadResult[] = [];
try {
  const token = await loginToken(server.baseUrl);
  const headers = { authorization: `Bearer ${token}` };
  for (const endpoint of [
    '/api/v1/statistics/departments-paid',
    '/api/v1/statistics/departments-paid?from=2025-10-20&to=2025-11-10',
    '/api/v1/statistics/systems',
    '/api/v1/statistics/institutions-completion',
  ]) {
    // A short unrecorded pass first, so the figures are of a warm server (JIT, plans, pool), as in use.
    await autocannon({ url: `${server.baseUrl}${endpoint}`, connections: 20, headers, duration: 2 });
    results.push(
      await load(`GET ${endpoint}`, { url: `${server.baseUrl}${endpoint}`, connections: 20, headers }),
    );
  }
  results.push(
    await load('POST /api/v1/auth/login', {
      url: `${server.baseUrl}/api/v1/auth/login`,
      method: 'POST',
      // 5, not 20: login attempts are counted before the password is checked, 5 at a time per
      // (username, address) (issue 13), and every connection here is admin from 127.0.0.1.
      connections: 5,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Demo2025!', type: 1 }),
    }),
  );
} finally {
  server.stop();
}
writeFileSync(path.join(root, 'bench/results/foundation.json'), JSON.stringify(results, null, 2));
