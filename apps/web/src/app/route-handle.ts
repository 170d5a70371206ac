import type { Permission } from '@bjp/domain';
import { useMatches } from 'react-router';

/** What every route carries in its `handle`: read by the title, the placeholder and the access check. */
export type RouteHandle = { title: string; area: string; permission?: Permission | null };

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value;
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
