// One endpoint of the wire, declared once and read by everyone (conventions.md "One contract").
//
// How to add an endpoint:
// 1. Declare it in `contract/<area>.ts` with `defineEndpoint({ method, path, summary, auth, params,
//    query, body, headers, responses, errors })`, and add it to that area's `…Endpoints` table.
//    The path is the full one (`/api/contact/:id`); `:name` segments need a `params` schema.
//    `errors` lists the codes (contract/errors.ts) the endpoint itself may answer; the reference
//    adds the ones that follow from the declaration (UNAUTHORIZED/TOKEN_INVALID from `auth`,
//    VALIDATION_FAILED from an input schema).
// 2. Server: `route(app, SomeEndpoint, handler)` (server/platform/route.ts) in the module's routes.ts.
// 3. Client: `callEndpoint(SomeEndpoint, { params, body })` (src/api/client.ts) or, for answers
//    that are not JSON, `request(endpointUrl(SomeEndpoint, params), …)`.
// 4. Add the area's table to `apiEndpoints` (contract/api.ts): /api/openapi.json and /api/docs follow.
import type { z } from 'zod';
import type { ErrorCode } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone; anyone presenting credentials in the body (a 401 then means wrong
 * credentials, so the client does not refresh); a signed-in member; an operator of one role.
 */
export type EndpointAuth = 'none' | 'credentials' | 'member' | 'admin' | 'security';

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** `/api/contact/:id` → `{ id: string }`. */
export type PathParams<Path extends string> = { [Name in ParamNames<Path>]: string };

export interface Endpoint {
  method: HttpMethod;
  /** The full path; `:name` marks a parameter. */
  path: string;
  /** One line for the reference. */
  summary: string;
  auth: EndpointAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The success answers by status; `z.void()` for an answer without a body. */
  responses: { [status: number]: z.ZodType };
  /** The content type of a success answer that is not JSON (a file); its schema is then a string. */
  produces?: string;
  errors: readonly ErrorCode[];
}

/** A path with parameters must say how they are checked; one without must not pretend to have any. */
type ParamsRule<Path extends string> = [ParamNames<Path>] extends [never]
  ? { params?: undefined }
  : { params: z.ZodType<unknown, PathParams<Path>> };

export function defineEndpoint<const Path extends string, const E extends Omit<Endpoint, 'path'>>(
  endpoint: E & { path: Path } & ParamsRule<Path>,
): E & { path: Path } {
  return endpoint;
}

/** Fills the `:name` segments of `path`, each encoded as one path segment. */
export function fillPath<Path extends string>(path: Path, params: PathParams<Path>): string {
  const values: Record<string, string> = params;
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}

/** The success status an endpoint answers with when all goes well (the lowest 2xx it declares). */
export function successStatus(endpoint: Endpoint): number {
  const statuses = Object.keys(endpoint.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return Math.min(...statuses);
}
