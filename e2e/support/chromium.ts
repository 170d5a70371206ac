import { existsSync } from 'node:fs';

/** Debian's Chromium, or CHROMIUM_PATH; null when neither is there. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((c): c is string => Boolean(c && existsSync(c))) ?? null;
}

/** Flags for a headless Chromium on a machine with no network but loopback. */
export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
