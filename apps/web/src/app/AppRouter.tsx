import { useEffect, useState } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

type Props = { router: ReturnType<typeof createBrowserRouter> };

/**
 * The first screen (logged-in layout and page, hundreds of components) is rendered in a transition,
 * which React splits into slices of a few milliseconds: on a slow phone that first render was one
 * task of seconds, the page frozen meanwhile (Lighthouse's total blocking time, issue 14). Later
 * navigations render at once: route data and chunks are loaded before a navigation commits, so the
 * new screen is drawn with the new address instead of in a deferred transition.
 */
export function AppRouter({ router }: Props) {
  const [initialized, setInitialized] = useState(router.state.initialized);
  useEffect(() => {
    if (initialized) return;
    if (router.state.initialized) {
      setInitialized(true);
      return;
    }
    return router.subscribe((state) => {
      if (state.initialized) setInitialized(true);
    });
  }, [router, initialized]);
  // `undefined` is React Router's default: router updates inside startTransition.
  return <RouterProvider router={router} useTransitions={initialized ? false : undefined} />;
}
