// /api/user/insight-preferences and /api/insights/*: the member's insights (spec §7 Insights).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CachedInsightsEndpoint,
  ClearMyInsightsCacheEndpoint,
  EventsSummaryEndpoint,
  GetInsightPreferencesEndpoint,
  type InsightPreferences,
  InsightsCacheStatsEndpoint,
  NewsDetailEndpoint,
  NewsSummaryEndpoint,
  PrimeInsightsEndpoint,
  SaveInsightPreferencesEndpoint,
  TrackInsightClickEndpoint,
} from '../../../contract/insights';
import { HttpError } from '../../platform/errors';
import { memberOf } from '../../platform/guards';
import { route } from '../../platform/route';
import { todayIn } from '../../platform/time';
import { withVersion, writeIfMatch } from '../../platform/versions';
import { cachedDigest, digestFor, type InsightsDeps, refreshAllowance } from './digests';
import { storeFigures } from './feeds/item-store';
import { newsDetail } from './news-detail';
import { deleteDigests, itemExists, listDigests, recordClick } from './queries';
import { Primer, preferencesOf, replacePreferences } from './service';

export const insightPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, GetInsightPreferencesEndpoint, async (request, reply) =>
    withVersion(reply, await preferencesOf(app.ctx.db, memberOf(request).userId)),
  );

  // A second device's stale copy must not replace choices it never saw (If-Match, contract/versions.ts).
  route(app, SaveInsightPreferencesEndpoint, async (request, reply) => {
    const { userId } = memberOf(request);
    return writeIfMatch(
      app.ctx.db,
      reply,
      { userId, ifMatch: request.headers['if-match'] },
      {
        read: (trx) => preferencesOf(trx, userId),
        write: (trx) => replacePreferences(trx, userId, request.body),
      },
    );
  });
};

export const insightRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: InsightsDeps = { db: app.ctx.db, llm: app.ctx.config.insights.llm, log: app.log };
  const primer = new Primer(deps);
  app.addHook('onClose', async () => primer.settle());

  /** The preferences sent with a request, else the member's saved ones. */
  const preferencesFor = async (userId: string, sent: InsightPreferences | undefined) =>
    sent ?? (await preferencesOf(app.ctx.db, userId)).preferences;

  /** What both summary calls ask for: `?force=true` or `forceRefresh` forces a fresh digest. */
  const digestRequestOf = async (
    userId: string,
    query: { force?: 'true' | 'false' },
    body: { preferences?: InsightPreferences; forceRefresh?: boolean; timezone: string },
  ) => ({
    userId,
    preferences: await preferencesFor(userId, body.preferences),
    timezone: body.timezone,
    now: new Date(),
    force: query.force === 'true' || body.forceRefresh === true,
  });

  route(app, PrimeInsightsEndpoint, async (request, reply) => {
    reply.code(202);
    return { status: primer.prime(memberOf(request).userId) };
  });

  route(app, CachedInsightsEndpoint, async (request) => {
    const { userId } = memberOf(request);
    const digestRequest = {
      userId,
      preferences: await preferencesFor(userId, request.body.preferences),
      timezone: request.body.timezone,
      now: new Date(),
    };
    const day = todayIn(digestRequest.timezone, digestRequest.now);
    const { type } = request.body;
    const cached = await cachedDigest(deps, type, digestRequest);
    const withState = async <T>(digest: T | null) =>
      digest && {
        ...digest,
        fromCache: true,
        refresh: await refreshAllowance(app.ctx.db, userId, type, day),
      };
    return type === 'events'
      ? { type, cached: await withState(cached as Awaited<ReturnType<typeof cachedDigest<'events'>>>) }
      : { type, cached: await withState(cached as Awaited<ReturnType<typeof cachedDigest<'news'>>>) };
  });

  route(app, EventsSummaryEndpoint, async (request) =>
    digestFor(deps, 'events', await digestRequestOf(memberOf(request).userId, request.query, request.body)),
  );

  route(app, NewsSummaryEndpoint, async (request) =>
    digestFor(deps, 'news', await digestRequestOf(memberOf(request).userId, request.query, request.body)),
  );

  route(app, NewsDetailEndpoint, async (request) => newsDetail(deps, request.body, new Date()));

  route(app, InsightsCacheStatsEndpoint, async (request) => {
    const { userId } = memberOf(request);
    const now = new Date();
    const day = todayIn('UTC', now);
    const digests = await listDigests(app.ctx.db, userId, now);
    return {
      entries: digests.map((row) => {
        const digest = row.digest as { events?: unknown[]; news?: unknown[] };
        return {
          type: row.kind,
          producedBy: row.produced_by,
          generatedAt: new Date(row.generated_at).toISOString(),
          expiresAt: new Date(row.expires_at).toISOString(),
          itemCount: (digest.events ?? digest.news ?? []).length,
        };
      }),
      refresh: {
        events: await refreshAllowance(app.ctx.db, userId, 'events', day),
        news: await refreshAllowance(app.ctx.db, userId, 'news', day),
      },
      store: await storeFigures(app.ctx.db),
      summariser: deps.llm ? ('llm' as const) : ('extractive' as const),
    };
  });

  route(app, ClearMyInsightsCacheEndpoint, async (request) => {
    const cleared = await deleteDigests(app.ctx.db, memberOf(request).userId, request.body?.type);
    return { message: 'Insights cache cleared', cleared };
  });

  route(app, TrackInsightClickEndpoint, async (request) => {
    const { type, itemId, action } = request.body;
    const item = await itemExists(app.ctx.db, type, itemId);
    if (!item) throw new HttpError('INSIGHT_ITEM_NOT_FOUND', 'This item is no longer available');
    await recordClick(app.ctx.db, {
      userId: memberOf(request).userId,
      kind: type,
      itemId,
      url: item.url,
      action,
    });
    return { message: 'Click recorded' };
  });
};
