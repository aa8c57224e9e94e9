// What a server module hands the platform (server/modules/README.md). The platform builds the app from
// the registry's list of these (server/modules/index.ts) and knows no module by name.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Inline scripts and styles a module's pages carry, by hash, for the Content-Security-Policy. */
export interface PageSources {
  scripts?: readonly string[];
  styles?: readonly string[];
}

export interface ApiModule {
  /** The module's folder name. */
  name: string;
  /**
   * Its routes, each registered with `route()` under the contract's full path: the guard comes from
   * the endpoint's declared `auth`, never from the module.
   */
  routes: FastifyPluginAsyncZod;
  /** Its share of the daily clean-up, run by one process of all those sharing the database. */
  daily?: (app: FastifyInstance) => Promise<void>;
  /**
   * What it adds to the whole app while the app is built, before any route is registered: hooks,
   * listeners, schedules, decorations its routes read.
   */
  onStart?: (app: FastifyInstance) => void | Promise<void>;
  /** The inline sources its pages need, asked once every module has started. */
  pageSources?: (app: FastifyInstance) => PageSources;
  /**
   * What the operator should know of it once the server listens (which operators exist, which feeds
   * members see), as named facts in the one start-up summary line. Never a secret.
   */
  startupFacts?: (app: FastifyInstance) => Promise<Record<string, string>>;
}
