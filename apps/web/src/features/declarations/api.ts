import type { DeclarationKind, NoveltyQuery } from '@bjp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { apiPath } from '../../app/api-path';

/**
 * Where each kind's stored declaration version is downloaded (issue 12: the same bytes every time);
 * sent with the version's `year`, since versions are numbered per gestión (decision 042).
 */
export const declarationVersionPath = (kind: DeclarationKind, sie: number, version: number) =>
  kind === 'holders'
    ? apiPath('/holders/institutions/{sie}/declaration/versions/{version}', { sie, version })
    : apiPath('/paid-validation/institutions/{sie}/report/document/versions/{version}', { sie, version });

/** The stored versions of one gestión's declaration (`year`: a closed one; undefined: the open one). */
export function useDeclarationVersions(kind: DeclarationKind, sie: number, enabled: boolean, year?: number) {
  const query = { year };
  return useQuery({
    queryKey: ['declaration-versions', kind, sie, year],
    queryFn: () =>
      kind === 'holders'
        ? api.get('/holders/institutions/{sie}/declaration/versions', { path: { sie }, query })
        : api.get('/paid-validation/institutions/{sie}/report/document/versions', { path: { sie }, query }),
    enabled,
  });
}

export function useVerification(code: string) {
  return useQuery({
    queryKey: ['declaration-verification', code],
    queryFn: () => api.get('/public/declarations/{code}', { path: { code }, auth: false }),
    retry: false,
  });
}

/** 'Novedades posteriores a la consolidación' in the caller's scope, one server page. */
export function useNovelties(query: Partial<NoveltyQuery> & { page: number }) {
  return useQuery({
    queryKey: ['declaration-novelties', query],
    queryFn: ({ signal }) => api.get('/declarations/novelties', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
