import type { DeclarationKind, DeclarationVersionList, VerificationResult } from '@bjp/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

/** Where each kind's stored declaration is downloaded (issue 12: the same bytes every time). */
export const declarationPath = (kind: DeclarationKind, sie: number) =>
  kind === 'holders'
    ? `/holders/institutions/${sie}/declaration`
    : `/paid-validation/institutions/${sie}/report/document`;

export function useDeclarationVersions(kind: DeclarationKind, sie: number, enabled: boolean) {
  return useQuery({
    queryKey: ['declaration-versions', kind, sie],
    queryFn: () => api.get<DeclarationVersionList>(`${declarationPath(kind, sie)}/versions`),
    enabled,
  });
}

export function useVerification(code: string) {
  return useQuery({
    queryKey: ['declaration-verification', code],
    queryFn: () =>
      api.get<VerificationResult>(`/public/declarations/${encodeURIComponent(code)}`, { auth: false }),
    retry: false,
  });
}
