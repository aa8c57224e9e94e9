// What a server module hands the platform (server/modules/README.md). The platform builds the app from
// the registry's list of these (server/modules/index.ts) and knows no module by name.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';

/** Inline scripts and styles a module's pages carry, by hash, for the Content-Security-Policy. */
export interface PageSources {
  scripts?: readonly string[];
  styles?: readonly string[];
}

/** What a command-line command answers: its exit code and the lines it prints. */
export interface CommandAnswer {
  exitCode: number;
  lines: string[];
}

/** A module's command-line command, run on the database directly or by the server that holds it. */
export type ServerCommand = (db: Kysely<Database>, args: readonly string[]) => Promise<CommandAnswer>;

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
  /**
   * Its command-line commands by name (`npm run operator -- <name> …`): run on the database directly,
   * or handed to the running server that holds embedded PGlite (security/break-glass.ts).
   */
  serverCommands?: Readonly<Record<string, ServerCommand>>;
}
