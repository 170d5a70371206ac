type Scheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a later task, so the browser may paint and handle input meanwhile: the entry's
 * top-level code is evaluated in steps that each stay short on a slow phone (issue 14).
 * `scheduler.yield()` where there is one (its continuation runs before other queued tasks), a timer
 * elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
