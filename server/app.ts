// Builds the Fastify app: infrastructure first (errors, headers, limits, static files), then the API areas.
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { ErrorResponse } from '../contract/errors';
import type { Config, TrustProxy } from './config';
import type { AppContext } from './context';
import type { DatabaseConnection } from './db/connection';
import { migrate } from './db/migrate';
import { registerErrorHandling } from './errors';
import { createIpCountryLookup } from './geo/ip-country';
import { scheduleHousekeeping } from './housekeeping';
import { createMailer } from './mail/mailer';
import { adminAnalyticsRoutes } from './modules/admin-analytics/routes';
import { DOCS_STYLE_SOURCE } from './modules/api-docs/docs-page';
import { apiDocsRoutes } from './modules/api-docs/routes';
import { authRoutes } from './modules/auth/routes';
import { AuthService } from './modules/auth/service';
import { loadCardPageRenderer } from './modules/card-pages/renderer';
import { cardPageRoutes } from './modules/card-pages/routes';
import { adminCardRoutes, publicCardRoutes } from './modules/cards/routes';
import { contactRoutes } from './modules/contacts/routes';
import { healthRoutes } from './modules/health/routes';
import { scheduleFeedRefresh } from './modules/insights/feeds/refresh-feeds';
import { insightPreferenceRoutes, insightRoutes } from './modules/insights/routes';
import { invitationRoutes } from './modules/invitations/routes';
import { mapRoutes } from './modules/map/routes';
import { mapStyleRoutes } from './modules/map/style-routes';
import { memberAnalyticsRoutes } from './modules/member-analytics/routes';
import { operatorRoutes } from './modules/operators/routes';
import { pageViewRoutes } from './modules/page-views/routes';
import { securityRoutes } from './modules/security/routes';
import { sessionRoutes } from './modules/sessions/routes';
import { unsubscribeRoutes } from './modules/unsubscribe/routes';
import { userRoutes } from './modules/user/routes';
import { measureRequests } from './observability/metrics';
import { echoRequestIds, requestIdOf } from './observability/request-id';
import { MemoryCounters, PostgresCounters } from './rate-limit-counters';
import { registerRateLimits } from './rate-limits';
import { refusingNul } from './refuse-nul';
import { recordRoutes } from './route';
import { loadJwtSecret } from './secret';
import { redactUrl } from './secret-urls';
import { answerBreakGlass } from './security/break-glass';
import { answerBadUrl } from './security/hooks';
import { setUpSecurity } from './security/setup';
import { registerStatic } from './static';
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
   * The daily clean-up (server/housekeeping.ts); on unless a test or bench turns it off, so that it
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
  echoRequestIds(app);
  measureRequests(app, connection);
  app.setValidatorCompiler(refusingNul(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);
  registerErrorHandling(app);
  recordRoutes(app);

  await migrate(connection);
  const jwtSecret = await loadJwtSecret(connection.db, config.jwtSecret);
  const ctx: AppContext = {
    config,
    db: connection.db,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: connection.db, log: app.log }),
    tokens: new TokenService(jwtSecret),
    codeKey: createHash('sha256').update(`codes:${jwtSecret}`).digest('hex'),
    ipCountry: await createIpCountryLookup({ geoipDb: config.geoipDb, log: app.log }),
    isDatabaseReachable: () => isReachable(connection),
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    await ctx.mailer.close();
    await connection.close();
  });
  await setUpSecurity(app, {
    config,
    isSharedDatabase: connection.kind === 'postgres',
    mailer: ctx.mailer,
    countryOf: (address) => ctx.ipCountry.countryOf(address),
  });

  // Embedded PGlite belongs to this process: the break-glass command reaches it through DATA_DIR.
  if (connection.kind === 'pglite' && connection.dataDir) answerBreakGlass(app, connection.dataDir);
  await ensureOperators(ctx);
  if (housekeeping) scheduleHousekeeping(app);
  // Feeds follow their own, shorter schedule (FEED_REFRESH_MINUTES).
  scheduleFeedRefresh(app);
  // Unbuilt (no SSR bundle): the not-found handler serves the shell, which renders cards in the browser.
  const cardPageRenderer = await loadCardPageRenderer(config.staticDir, config.ssrDir);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(cardPageRenderer ? [cardPageRenderer.scriptSource] : [])],
        styleSrc: ["'self'", ...(cardPageRenderer ? [cardPageRenderer.styleSource] : []), DOCS_STYLE_SOURCE],
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
  // Shared counters on PostgreSQL, so WORKERS=4 or four machines hold one limit, not four.
  registerRateLimits(
    app,
    connection.kind === 'postgres' ? new PostgresCounters(connection.db, app.log) : new MemoryCounters(),
  );

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { dataDir: connection.dataDir });
      await api.register(apiDocsRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(userRoutes, { prefix: '/user' });
      await api.register(insightPreferenceRoutes, { prefix: '/user' });
      await api.register(insightRoutes, { prefix: '/insights' });
      await api.register(pageViewRoutes, { prefix: '/analytics' });
      await api.register(sessionRoutes, { prefix: '/sessions' });
      await api.register(memberAnalyticsRoutes);
      await api.register(publicCardRoutes, { prefix: '/nfc' });
      await api.register(contactRoutes, { prefix: '/contact' });
      await api.register(mapRoutes, { prefix: '/contact' });
      await api.register(mapStyleRoutes, { prefix: '/map' });
      await api.register(invitationRoutes, { prefix: '/invitations' });
      await api.register(unsubscribeRoutes, { prefix: '/unsubscribe' });
      await api.register(operatorRoutes('admin', [adminCardRoutes, adminAnalyticsRoutes]), {
        prefix: '/admin',
      });
      await api.register(operatorRoutes('security', [securityRoutes]), { prefix: '/security' });
    },
    { prefix: '/api' },
  );

  const isServingApp = await registerStatic(app, config.staticDir);
  if (isServingApp && cardPageRenderer) {
    await app.register(cardPageRoutes, { render: cardPageRenderer.render });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api';
    if (isServingApp && isPageRequest) {
      // Client-side routes: the app shell decides what to show.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ error: 'Not found', code: 'NOT_FOUND', requestId: request.id } satisfies ErrorResponse);
  });

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

async function ensureOperators(ctx: AppContext): Promise<void> {
  const auth = new AuthService(ctx);
  const { admin, security } = ctx.config.operators;
  if (admin) await auth.ensureOperator('admin', admin);
  if (security) await auth.ensureOperator('security', security);
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
