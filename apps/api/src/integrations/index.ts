import type { Config } from '../config.js';
import { httpSegipClient, type SegipClient } from './segip/client.js';
import { startSegipSimulator } from './segip/simulator.js';
import { httpSereciClient, type SereciClient } from './sereci/client.js';
import { startSereciSimulator } from './sereci/simulator.js';
import { httpSintesisClient, type SintesisClient } from './sintesis/client.js';
import { startSintesisSimulator } from './sintesis/simulator.js';

/**
 * The outside systems, each an adapter behind an interface (deps.integrations): a field here, a URL
 * in config.ts, a simulator started when the URL is unset.
 */
export type Integrations = {
  segip: SegipClient;
  sereci: SereciClient;
  sintesis: SintesisClient;
};

export type IntegrationOptions = {
  /** Per-attempt timeout of every adapter (tests shorten it). */
  timeoutMs?: number;
};

export type RunningIntegrations = {
  integrations: Integrations;
  /** Where each adapter points, and whether that is the project's simulator. */
  endpoints: Record<keyof Integrations, { url: string; simulated: boolean }>;
  close(): Promise<void>;
};

type Endpoint = { url: string; simulated: boolean };

/**
 * Builds the adapters from configuration. A system without a configured URL gets the project's
 * simulator, started on loopback for the life of the process (main.ts) or of a test file.
 */
export async function startIntegrations(
  config: Pick<Config, 'SEGIP_URL'> & Partial<Pick<Config, 'SERECI_URL' | 'SINTESIS_URL'>>,
  options: IntegrationOptions = {},
): Promise<RunningIntegrations> {
  const closers: Array<() => Promise<void>> = [];
  const endpoint = async (
    url: string | undefined,
    start: () => Promise<{ url: string; close(): Promise<void> }>,
  ): Promise<Endpoint> => {
    if (url) return { url, simulated: false };
    const simulator = await start();
    closers.push(simulator.close);
    return { url: simulator.url, simulated: true };
  };
  const segip = await endpoint(config.SEGIP_URL, () => startSegipSimulator());
  const sereci = await endpoint(config.SERECI_URL, () => startSereciSimulator());
  const sintesis = await endpoint(config.SINTESIS_URL, () => startSintesisSimulator());
  return {
    integrations: {
      segip: httpSegipClient({ url: segip.url, timeoutMs: options.timeoutMs }),
      sereci: httpSereciClient({ url: sereci.url, timeoutMs: options.timeoutMs }),
      // Síntesis pages carry thousands of records: a short test timeout still leaves them seconds.
      sintesis: httpSintesisClient({
        url: sintesis.url,
        timeoutMs: options.timeoutMs ? Math.max(options.timeoutMs, 5_000) : undefined,
      }),
    },
    endpoints: { segip, sereci, sintesis },
    close: async () => {
      for (const close of closers) await close();
    },
  };
}
