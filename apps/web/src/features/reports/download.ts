import type { ApiPath } from '../../app/api-path';
import { ensureFreshToken } from '../../app/auth/refresh';
import { getToken } from '../../app/auth/session';
import { buildUrl, type QueryParams, readError, safeFetch } from '../../app/http';

export type Progress = { received: number; total: number | null };

function fileNameOf(res: Response, fallback: string): string {
  const header = res.headers.get('Content-Disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/**
 * Downloads a generated document with progress (bytes received of Content-Length when the server
 * knows it) and cancellation through the signal; then hands the file to the browser.
 */
export async function downloadDocument(
  path: ApiPath,
  query: QueryParams,
  options: { signal: AbortSignal; onProgress: (p: Progress) => void; fallbackName: string },
): Promise<string> {
  await ensureFreshToken();
  const token = getToken();
  const res = await safeFetch(buildUrl(path, query), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
    signal: options.signal,
  });
  if (!res.ok) throw await readError(res);
  const length = Number(res.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.length;
      options.onProgress({ received, total });
    }
  }
  const name = fileNameOf(res, options.fallbackName);
  const blob = new Blob(chunks, { type: res.headers.get('Content-Type') ?? 'application/octet-stream' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
