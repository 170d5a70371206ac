/** Where an import job (roll or payments) spends its time, printed with IMPORT_TIMINGS=1 (the bench sets it). */
export function phases(what: string) {
  const spent: Array<[string, number]> = [];
  let last = performance.now();
  return {
    done(name: string) {
      const now = performance.now();
      spent.push([name, now - last]);
      last = now;
    },
    log() {
      if (process.env.IMPORT_TIMINGS !== '1') return;
      console.error(`${what}: ${spent.map(([n, ms]) => `${n} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
    },
  };
}
