// The expanded-news cache (insights-and-operators.md §4 Caches, News detail modal): each news item's
// detail is asked for once and kept as a cached resource of its own, until fresh news is fetched.
import { type NewsDetail, NewsDetailSchema, type NewsItem } from '../../contract/insights';
import { fetchNewsDetail } from '../api/insights';
import { type CachedResourceDefinition, defineCachedResource } from '../db/cached-resources';
import { db } from '../db/tapnet-db';
import { readSignedInUserId } from '../session/signed-in-user';
import { loadResourceValue } from './use-cached-resource';

const NAME_PREFIX = 'insights-news-detail:';

/** Kept as long as the news it expands, which clears it when replaced (`clearNewsDetails`). */
const NEWS_DETAIL_LIFETIME_MS = 86_400_000;

function newsDetailResource(item: NewsItem): CachedResourceDefinition<NewsDetail> {
  return defineCachedResource({
    name: `${NAME_PREFIX}${item.id}`,
    schema: NewsDetailSchema,
    lifetimeMs: NEWS_DETAIL_LIFETIME_MS,
    fetch: async () => ({
      status: 'changed',
      value: await fetchNewsDetail({
        id: item.id,
        title: item.title,
        category: item.category,
        summary: item.summary,
        location: item.location,
      }),
      etag: null,
    }),
  });
}

/** The item's detail, from the device when it was expanded before. */
export function loadNewsDetail(item: NewsItem): Promise<NewsDetail> {
  return loadResourceValue(newsDetailResource(item));
}

/** Spec §4: the expanded-news cache is cleared whenever fresh news is fetched or refreshed. */
export async function clearNewsDetails(): Promise<void> {
  const userId = readSignedInUserId();
  if (!userId) return;
  await db.cachedResources
    .where('ownerUserId')
    .equals(userId)
    .filter((row) => row.name.startsWith(NAME_PREFIX))
    .delete();
}
