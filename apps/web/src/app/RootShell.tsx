import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { RouteProgress } from './layout/RouteProgress';
import { useRouteHandle } from './route-handle';

const SUFFIX = 'Bono Juancito Pinto';

/** Wraps every route: sets the document title from the route and shows the loading bar. */
export function RootShell() {
  const handle = useRouteHandle();
  useEffect(() => {
    document.title = handle?.title ? `${handle.title} | ${SUFFIX}` : SUFFIX;
  }, [handle?.title]);
  return (
    <>
      <RouteProgress />
      <Outlet />
    </>
  );
}
