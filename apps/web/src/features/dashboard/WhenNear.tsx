import { type ReactNode, startTransition, useEffect, useRef, useState, useSyncExternalStore } from 'react';

type Props = { height: number; children: ReactNode };

/** Charts waiting for their turn: each one is drawn in its own task, so none adds to another's. */
const queue: Array<() => void> = [];
let draining = false;

function drainOne() {
  const next = queue.shift();
  next?.();
  if (queue.length > 0) setTimeout(drainOne, 0);
  else draining = false;
}

function enqueue(show: () => void): () => void {
  queue.push(show);
  if (!draining) {
    draining = true;
    setTimeout(drainOne, 0);
  }
  return () => {
    const i = queue.indexOf(show);
    if (i >= 0) queue.splice(i, 1);
  };
}

const never = () => () => undefined;

/**
 * False until this component's turn in the same queue (a task of its own after the commit that
 * mounted it), then true, the update rendered in a transition. The dashboard mounts its parts in
 * turns: React's commit cannot be sliced, and the layout and all the panels committed together were
 * one task of ~320 ms in Lighthouse's simulation of a slow phone (issue 14). On the server (the tests'
 * static markup) there is no later: true at once.
 */
export function useTurn(): boolean {
  const server = useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    return enqueue(() => startTransition(() => setShown(true)));
  }, [shown]);
  return server || shown;
}

/**
 * Draws a chart only when it comes near the screen, each in its own task: the dashboard's seven
 * charts rendered together were one long task of seconds on a slow phone (Lighthouse's total
 * blocking time, issue 14). Until then a box of the chart's height holds its place, so nothing moves.
 */
export function WhenNear({ height, children }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (shown || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setShown(true);
      return;
    }
    let cancel: (() => void) | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        // In a transition React renders the chart in slices of a few milliseconds, not one task.
        cancel = enqueue(() => startTransition(() => setShown(true)));
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancel?.();
    };
  }, [shown]);

  if (shown) return <>{children}</>;
  return <div ref={box} style={{ height }} aria-hidden="true" data-chart-pending="" />;
}
