import { startTransition, useEffect, useState } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { FullPageLoader } from './pages/FullPageLoader';

type Props = { router: ReturnType<typeof createBrowserRouter> };

/**
 * The first screen (logged-in layout and page, hundreds of components) is rendered in a transition,
 * which React splits into slices of a few milliseconds: on a slow phone that first render was one
 * task of seconds, the page frozen meanwhile (Lighthouse's total blocking time, issue 14). Later
 * navigations render at once (`useTransitions={false}`): route data and chunks are loaded before a
 * navigation commits, so the new screen is drawn with the new address instead of in a deferred
 * transition.
 *
 * The router is mounted only once its first navigation has loaded (lazy layout and page), inside a
 * transition; until then the same loader as the routes' HydrateFallback is shown. Mounting it with
 * transitions on and switching them off afterwards changed the router's navigation context, and
 * every link and route consumer re-rendered at once in one long task (issue 14).
 */
export function AppRouter({ router }: Props) {
  const [ready, setReady] = useState(router.state.initialized);
  useEffect(() => {
    if (ready) return;
    const show = () => startTransition(() => setReady(true));
    if (router.state.initialized) {
      show();
      return;
    }
    return router.subscribe((state) => {
      if (state.initialized) show();
    });
  }, [router, ready]);
  if (!ready) return <FullPageLoader />;
  return <RouterProvider router={router} useTransitions={false} />;
}
