import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type RouteObject,
  redirect,
} from 'react-router';
import { getSessionUser } from './auth/session';
import { nextTask } from './boot/next-task';
import { FullPageLoader } from './pages/FullPageLoader';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { appQueryClient } from './query-client';
import { RootShell } from './RootShell';
import { permissionFor } from './route-access';
import type { RouteHandle } from './route-handle';
import { appRoutes, loginRoute, publicRoutes, type RouteEntry } from './routes';

function toRouteObject(entry: RouteEntry, handle: RouteHandle): RouteObject {
  const { page } = entry;
  // Each screen has its own error boundary so a failure keeps the layout and the menu around it.
  const base = { path: entry.path, handle, ErrorBoundary: RouteErrorPage };
  // Every area has its page now; the placeholder stays out of the entry chunk until one does not.
  if (!page) {
    return {
      ...base,
      lazy: async () => ({
        Component: (await import('./pages/UnderConstructionPage')).UnderConstructionPage,
      }),
    };
  }
  return {
    ...base,
    lazy: async () => {
      await nextTask();
      const user = getSessionUser();
      if (entry.prefetch && user && (!handle.permission || user.permissions.includes(handle.permission))) {
        entry.prefetch(appQueryClient);
      }
      return { Component: await page() };
    },
  };
}

/** Spec §2: every route but login and the public pages needs a stored user. */
function requireSession() {
  if (!getSessionUser()) throw redirect('/auth/login');
  return null;
}

function skipLoginWhenSignedIn() {
  const user = getSessionUser();
  if (user) throw redirect(user.homePath || '/');
  return null;
}

/**
 * Each lazy route (layout, screen) starts loading its code in a task of its own (`nextTask`): Vite's
 * loader adds the chunk's stylesheets to the page, which the browser parses there and then when
 * they have already arrived (preloaded beside the entry). Started inside the router's creation, the
 * layout's and the screen's stylesheets were parsed in the same task as the router's first match
 * (issue 14).
 */
function routeTree(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          ...toRouteObject(loginRoute, { title: loginRoute.title, area: loginRoute.area }),
          loader: skipLoginWhenSignedIn,
        },
        {
          lazy: async () => {
            await nextTask();
            return { Component: (await import('./layout/PublicLayout')).PublicLayout };
          },
          children: publicRoutes.map((r) => toRouteObject(r, { title: r.title, area: r.area })),
        },
        {
          id: 'app',
          loader: requireSession,
          lazy: async () => {
            await nextTask();
            return { Component: (await import('./layout/AppLayout')).AppLayout };
          },
          children: appRoutes.map((r) =>
            toRouteObject(r, { title: r.title, area: r.area, permission: permissionFor(r.path) }),
          ),
        },
        { path: '*', Component: NotFoundPage, handle: { title: 'Página no encontrada', area: '' } },
      ],
    },
  ];
}

/**
 * What `createBrowserRouter` does, in three tasks instead of one (issue 14): under a real 4×
 * slowdown its one call was the entry's longest task after React DOM's factory (175 ms in a loaded
 * trace of 'Tutores'). The browser history's creation (it rewrites the current history entry), the
 * router's creation (every route converted, its path compiled and ranked, the address matched) and
 * its start (stored view transitions read from sessionStorage, the first navigation's loaders and
 * lazy routes called) each end with a yield. The same three functions as react-router's own
 * `createBrowserRouter`, with its defaults (no hydration data in this single-page app).
 */
export async function createAppRouter() {
  const history = createBrowserHistory();
  await nextTask();
  const router = createRouter({ history, routes: routeTree(), mapRouteProperties, hydrationRouteProperties });
  await nextTask();
  return router.initialize();
}
