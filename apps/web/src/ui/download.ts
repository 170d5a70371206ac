import type { ApiPath } from '../app/api-path';
import { ensureFreshToken } from '../app/auth/refresh';
import { getToken } from '../app/auth/session';
import { buildUrl, type QueryParams, readError, safeFetch } from '../app/http';

/** The file name the server gave in Content-Disposition, or a fallback. */
function fileNameOf(res: Response, fallback: string): string {
  const header = res.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Downloads a file (PDF, spreadsheet) from the API with the session's token and saves it under the
 * server's file name. Failures throw the server's ApiError, like every other call.
 */
export async function downloadFile(
  path: ApiPath,
  fallbackName: string,
  query?: QueryParams,
): Promise<string> {
  await ensureFreshToken();
  const token = getToken();
  const res = await safeFetch(buildUrl(path, query), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!res.ok) throw await readError(res);
  const name = fileNameOf(res, fallbackName);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
