import { fillPath } from './api';
import type { paths } from './api-schema';
import type { ApiPathParams, PathsWith } from './api-types';

declare const checkedPath: unique symbol;

/**
 * A URL path of the API, built only by apiPath() (or taken from a link the API itself returned), so a
 * download addressed by a path the API does not declare — or without its parameters — fails tsc, as
 * the JSON calls do.
 */
export type ApiPath = string & { readonly [checkedPath]: true };

type Params<P extends keyof paths> = Exclude<ApiPathParams<P, 'get'>, undefined>;

/** The path's parameters: none for a fixed path, required when it has some. */
type ParamsArg<P extends keyof paths> = [Params<P>] extends [never] ? [] : [params: Params<P>];

/** apiPath('/imports/{id}/errors', { id: 7 }) → '/imports/7/errors', checked against the API's document. */
export function apiPath<P extends PathsWith<'get'>>(path: P, ...[params]: ParamsArg<P>): ApiPath {
  return fillPath(path, params as Record<string, string | number> | undefined) as ApiPath;
}

/**
 * A link the API put in one of its answers (e.g. a participant's uploaded file), already addressed by
 * the server: the one place a path is taken as it comes. '/api/v1' is the client's base, not the path's.
 */
export function linkFromApi(url: string): ApiPath {
  return url.replace(/^\/api\/v1/, '') as ApiPath;
}
