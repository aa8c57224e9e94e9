// Builds the Fastify app: infrastructure first (errors, headers, limits, static files), then the modules
// of the registry (server/modules/index.ts), which this file knows only as a list.
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { modules } from '../modules';
import type { Config, TrustProxy } from './config';
import type { AppContext } from './context';
import type { DatabaseConnection } from './db/connection';
import { migrate } from './db/migrate';
import { answeringEmptyQueriesOnce } from './empty-query';
import { registerErrorHandling } from './errors';
import { createIpCountryLookup } from './geo/ip-country';
import { prepareSignedInListeners } from './guards';
import { scheduleHousekeeping } from './housekeeping';
import { createMailer } from './mail/mailer';
import type { PageSources } from './module';
import { answerUnknownRoutes } from './not-found';
import { measureRequests } from './observability/metrics';
import { echoRequestId, requestIdOf } from './observability/request-id';
import { MemoryCounters, PostgresCounters } from './rate-limit-counters';
import { registerRateLimits } from './rate-limits';
import { refusingNul } from './refuse-nul';
import { recordRoutes } from './route';
import { loadJwtSecret } from './secret';
import { redactUrl } from './secret-urls';
import { answerBreakGlass } from './security/break-glass';
import { answerBadUrl } from './security/hooks';
import { setUpSecurity } from './security/setup';
import { securityHeadersSender } from './security-headers';
import { registerStatic } from './static';
import { systemClock } from './time';
import { TokenService } from './tokens';

export const BODY_LIMIT_BYTES = 100 * 1024;
const HEALTH_CHECK_TIMEOUT_MS = 2_000;

export interface BuildAppOptions {
  config: Config;
  connection: DatabaseConnection;
  logger?: boolean;
  /** Where log lines go (standard output when unset); tests read them back. */
  logStream?: { write(line: string): void };
  /**
   * The daily clean-up (server/platform/housekeeping.ts); on unless a test or bench turns it off, so that it
   * never ends or deletes what the test is still seeding.
   */
  housekeeping?: boolean;
}

/** Fastify hands its own request to the serializer, though its types name Node's. */
type LoggedRequest = Partial<Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip'>>;

/**
 * What a log line says of a request: never headers (bearer tokens) or bodies (passwords, codes,
 * refresh tokens), the path without its secrets, and the one client address resolved under TRUST_PROXY.
 */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
  };
}

export async function buildApp({
  config,
  connection,
  logger = true,
  logStream,
  housekeeping = true,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    // Card and reset paths carry long tokens; anything far beyond them is not ours.
    routerOptions: { maxParamLength: 200 },
    // Each log line of a request carries it as reqId.
    genReqId: requestIdOf,
    frameworkErrors: answerBadUrl,
  });
  measureRequests(app, connection);
  app.setValidatorCompiler(answeringEmptyQueriesOnce(refusingNul(validatorCompiler)));
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);
  registerErrorHandling(app);
  recordRoutes(app);
  prepareSignedInListeners(app);

  await migrate(connection);
  const jwtSecret = await loadJwtSecret(connection.db, config.jwtSecret);
  const ctx: AppContext = {
    config,
    db: connection.db,
    changeNotices: connection.openChangeNotices((message) => app.log.warn(message)),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: connection.db, log: app.log }),
    tokens: new TokenService(jwtSecret),
    codeKey: createHash('sha256').update(`codes:${jwtSecret}`).digest('hex'),
    clock: systemClock,
    ipCountry: await createIpCountryLookup({ geoipDb: config.geoipDb, log: app.log }),
    dataDir: connection.dataDir,
    isDatabaseReachable: () => isReachable(connection),
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    await ctx.mailer.close();
    await ctx.changeNotices.close();
    await connection.close();
  });
  await setUpSecurity(app, {
    config,
    isSharedDatabase: connection.kind === 'postgres',
    mailer: ctx.mailer,
    countryOf: (address) => ctx.ipCountry.countryOf(address),
  });

  // Embedded PGlite belongs to this process: the break-glass command reaches it through DATA_DIR.
  if (connection.kind === 'pglite' && connection.dataDir) answerBreakGlass(app, connection.dataDir, modules);
  for (const module of modules) await module.onStart?.(app);
  if (housekeeping) scheduleHousekeeping(app, modules);
  const pages = pageSourcesOf(app);

  const sendSecurityHeaders = securityHeadersSender(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly, not JavaScript eval: the on-device OCR engine that reads paper cards (issue 26).
        scriptSrc: ["'self'", ...pages.scripts, "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", ...pages.styles],
        imgSrc: ["'self'", 'data:', 'blob:', ...config.map.origins],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...config.map.origins],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Cross-origin isolation would block the map tiles and images later issues load.
    crossOriginEmbedderPolicy: false,
  });
  // What every answer carries, in one callback hook (no promise, one hook run per answer): its request
  // id and the security headers.
  app.addHook('onSend', (request, reply, payload, done) => {
    echoRequestId(request, reply);
    sendSecurityHeaders(reply);
    done(null, payload);
  });
  // Shared counters on PostgreSQL, so WORKERS=4 or four machines hold one limit, not four: the routes'
  // limits and the per-inbox ones alike.
  registerRateLimits(
    app,
    connection.kind === 'postgres' ? new PostgresCounters(connection.db, app.log) : new MemoryCounters(),
  );

  for (const module of modules) await app.register(module.routes);
  const isServingApp = await registerStatic(app, config.staticDir);
  answerUnknownRoutes(app, isServingApp);

  return app;
}

/** Fastify reads a hop count too, but its types do not say so: the same rule as a function. */
function toFastifyTrustProxy(trustProxy: TrustProxy) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/**
 * Spec §7: every call carries a JSON content type, bodiless DELETE calls too. Fastify's parser refuses an
 * empty JSON body; here it means "no body", and everything else is parsed as before (prototype
 * poisoning refused).
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/** The inline sources of every module's pages, in registry order. */
function pageSourcesOf(app: FastifyInstance): { scripts: string[]; styles: string[] } {
  const sources: PageSources[] = modules.map((module) => module.pageSources?.(app) ?? {});
  return {
    scripts: sources.flatMap((source) => source.scripts ?? []),
    styles: sources.flatMap((source) => source.styles ?? []),
  };
}

async function isReachable({ db }: DatabaseConnection): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_CHECK_TIMEOUT_MS);
  });
  const probe = sql`SELECT 1`
    .execute(db)
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
