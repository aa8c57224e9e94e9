// One endpoint of the wire, declared once and read by everyone (conventions.md "One contract").
//
// How to add an endpoint:
// 1. Declare it in `contract/<area>.ts` with `defineEndpoint({ method, path, summary, auth, params,
//    query, body, headers, responses, errors })`, and add it to that area's `…Endpoints` table.
//    The path is the full one (`/api/contact/:id`); `:name` segments need a `params` schema.
//    `errors` lists the codes (contract/errors.ts) the endpoint itself may answer, RATE_LIMITED
//    included when its route has a limit; `errorCodesOf` adds the platform's own answers, which
//    follow from the declaration (PLATFORM_ERRORS). The conformance test
//    (tests/server/contract-conformance.test.ts) fails on any answer the declaration does not list.
// 2. Server: `route(app, SomeEndpoint, handler)` (server/platform/route.ts) in the module's routes.ts.
// 3. Client: `callEndpoint(SomeEndpoint, { params, json })` (src/api/client.ts, member calls) or
//    `callOperatorEndpoint` (src/api/operators.ts); both send through src/api/transport.ts.
// 4. Add the area's table to `apiEndpoints` (contract/api.ts): /api/openapi.json and /api/docs follow.
import type { z } from 'zod';
import type { ErrorCode } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone; anyone presenting credentials in the body (a 401 then means wrong
 * credentials, so the client does not refresh); a signed-in member; an operator of one role.
 */
export type EndpointAuth = 'none' | 'credentials' | 'member' | 'admin' | 'security';

/** Whose password sign-in an endpoint is: a member's, or an operator's of one role. */
export type PasswordSignIn = 'member' | 'admin' | 'security';

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
  /** Set on the sign-ins by password: each answer is a sign-in attempt, succeeded or failed (security events). */
  passwordSignIn?: PasswordSignIn;
  /** Set on the operator calls that set up a second factor: the only ones an operator who must enrol first may make. */
  admitsEnrolment?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The success answers by status; `z.void()` for an answer without a body. */
  responses: { [status: number]: z.ZodType };
  /** The content type of a success answer that is not JSON (a file); its schema is then a string. */
  produces?: string;
  errors: readonly ErrorCode[];
  /** The code a refused path parameter is answered with instead of VALIDATION_FAILED (an id that cannot exist is as unknown as another member's). */
  paramsRefusedAs?: ErrorCode;
  /** False for the few endpoints that answer without the database, so never with DATABASE_UNAVAILABLE. */
  usesDatabase?: false;
}

/** Methods whose requests carry a body the server parses (so may find malformed, too large or not JSON). */
const BODY_METHODS: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** What the platform answers on its own, declared once by kind of endpoint rather than on each one. */
export const PLATFORM_ERRORS = {
  /** Any endpoint: a URL that cannot be decoded, a blocked address, a URL shaped like a probe (%00, /.env). */
  any: ['BAD_REQUEST', 'ADDRESS_BLOCKED', 'NOT_FOUND'],
  /** One that reads or writes the database while it is down or restarting. */
  database: ['DATABASE_UNAVAILABLE'],
  /** A method with a body: malformed JSON, a body over the limit, a content type that is not JSON. */
  body: ['BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  /** One with params, query, body or headers to check. */
  input: ['VALIDATION_FAILED'],
  /** One behind a member's or an operator's token: none sent, one that is not valid here, or its account suspended. */
  token: ['UNAUTHORIZED', 'TOKEN_INVALID', 'ACCOUNT_SUSPENDED'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** Every code `endpoint` may answer: the platform's by kind, then its own. */
export function errorCodesOf(endpoint: Endpoint): ErrorCode[] {
  const { params, query, body, headers, auth } = endpoint;
  const isChecked = query || body || headers || (params && !endpoint.paramsRefusedAs);
  return [
    ...new Set<ErrorCode>([
      ...PLATFORM_ERRORS.any,
      ...(endpoint.usesDatabase === false ? [] : PLATFORM_ERRORS.database),
      ...(BODY_METHODS.includes(endpoint.method) ? PLATFORM_ERRORS.body : []),
      ...(isChecked ? PLATFORM_ERRORS.input : []),
      ...(auth === 'member' || auth === 'admin' || auth === 'security' ? PLATFORM_ERRORS.token : []),
      ...(endpoint.paramsRefusedAs ? [endpoint.paramsRefusedAs] : []),
      ...endpoint.errors,
    ]),
  ];
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
