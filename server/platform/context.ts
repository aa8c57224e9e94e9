// What every module needs, built once per app and reachable as app.ctx.
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { ChangeNotices } from './db/change-notices';
import type { Database } from './db/schema';
import type { IpCountryLookup } from './geo/ip-country';
import type { Mailer } from './mail/mailer';
import type { Clock } from './time';
import type { TokenService } from './tokens';

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  /** What this process may remember of the database between its change notices (db/change-notices.ts). */
  changeNotices: ChangeNotices;
  mailer: Mailer;
  tokens: TokenService;
  /** Keys the HMAC of verification codes; derived from the JWT secret so one secret is kept. */
  codeKey: string;
  /** Where time-window checks read the time (second-factor codes); tests may hold it still. */
  clock: Clock;
  /** Country of a client address, offline; keep its answer, never the address (analytics, security). */
  ipCountry: IpCountryLookup;
  /** The embedded database's directory; unset in memory and on PostgreSQL (which watches its own disk). */
  dataDir: string | undefined;
  /** Whether the database answers right now (health checks). */
  isDatabaseReachable(): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
