// Registers a route from its contract declaration (contract/endpoint.ts): the method, path and
// schemas come from the contract, the handler from the module, typed through fastify-type-provider-zod.
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
import type { Endpoint } from '../../contract/endpoint';

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
   * were (any status, any body), not checked against today's schema.
   */
  isResponseChecked?: boolean;
}

/** Registers `endpoint` on `app`, whose prefix must be the start of the endpoint's path. */
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
  if (!endpoint.path.startsWith(app.prefix)) {
    throw new Error(`${endpoint.path} cannot be registered under the prefix ${app.prefix}`);
  }
  const isJson = endpoint.produces === undefined;
  app.route({
    method: endpoint.method,
    url: endpoint.path.slice(app.prefix.length) || '/',
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
    config,
    // Typed against this endpoint's own schemas, which are the ones registered here.
    handler: handler as RouteHandlerMethod,
  });
}

export interface RegisteredRoute {
  method: string;
  url: string;
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
  app.addHook('onRoute', ({ method, url }) => {
    for (const one of [method].flat()) if (one !== 'HEAD') routes.push({ method: one, url });
  });
}
