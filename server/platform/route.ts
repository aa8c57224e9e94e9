// Registers a route from its contract declaration (contract/endpoint.ts): the method, full path,
// schemas and guard come from the contract, the handler from the module, typed through
// fastify-type-provider-zod.
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Endpoint, EndpointAuth, PasswordSignIn } from '../../contract/endpoint';
import { guardFor } from './guards';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

interface EndpointSchema<E extends Endpoint, Response> extends FastifySchema {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  headers: E['headers'];
  response: Response;
}

type Handler<E extends Endpoint, Response> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E, Response>,
  ZodTypeProvider
>;

/** A handler whose request and reply are typed by the endpoint's schemas. */
export type EndpointHandler<E extends Endpoint> = Handler<E, E['responses']>;

export interface RouteOptions {
  /** Route settings such as rate limits (`perMinute`). */
  config?: FastifyContextConfig;
  /**
   * False when the handler sends answers stored earlier (idempotent replays): they are sent as they
   * were (any status, any body), not checked against today's schema; or JSON serialised earlier (the
   * contact list, remembered per member), sent as it is.
   */
  isResponseChecked?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route, as its endpoint declares (the security hooks read it). */
    auth?: EndpointAuth;
    /** Whose password sign-in the route is, as its endpoint declares (the security hooks read it). */
    passwordSignIn?: PasswordSignIn;
    /** Whether an operator who must still enrol a second factor may call the route. */
    admitsEnrolment?: true;
  }
}

/**
 * Registers `endpoint` on `app` at its full path, behind the guard its `auth` declares: a module never
 * attaches one by hand, so a route cannot be less guarded than the contract says.
 */
export function route<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  handler: EndpointHandler<E>,
  options?: RouteOptions & { isResponseChecked?: true },
): void;
export function route<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  handler: Handler<E, undefined>,
  options: RouteOptions & { isResponseChecked: false },
): void;
export function route<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  handler: EndpointHandler<E> | Handler<E, undefined>,
  { config, isResponseChecked = true }: RouteOptions = {},
): void {
  const isJson = endpoint.produces === undefined;
  const guard = guardFor(endpoint.auth);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    // Only the parts the endpoint has: Fastify warns about a schema part given as undefined.
    schema: Object.fromEntries(
      Object.entries({
        params: endpoint.params,
        querystring: endpoint.query,
        body: endpoint.body,
        headers: endpoint.headers,
        response: isJson && isResponseChecked ? endpoint.responses : undefined,
      }).filter(([, part]) => part !== undefined),
    ),
    config: {
      ...config,
      auth: endpoint.auth,
      passwordSignIn: endpoint.passwordSignIn,
      admitsEnrolment: endpoint.admitsEnrolment,
    },
    ...(guard ? { onRequest: guard } : {}),
    // Typed against this endpoint's own schemas, which are the ones registered here.
    handler: handler as RouteHandlerMethod,
  });
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Whether the route has a request limit (rate-limits.ts), so may answer 429 RATE_LIMITED. */
  isRateLimited: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered (HEAD twins of GETs left out): what the API reference must cover. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** Records every route registered from now on; call before the routes are registered. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', ({ method, url, config }) => {
    const isRateLimited = config?.limit !== undefined;
    for (const one of [method].flat()) if (one !== 'HEAD') routes.push({ method: one, url, isRateLimited });
  });
}
