// The feeds to fetch: FEEDS_FILE and NEWS_FEEDS / EVENT_FEEDS (docs/behaviour/insights.md). Members never add feeds.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Config } from '../../../platform/config';
import type { FeedSource } from './item-store';

const FeedEntrySchema = z.union([
  z.url({ protocol: /^https?$/ }),
  z.object({
    url: z.url({ protocol: /^https?$/ }),
    category: z.string().trim().min(1).optional(),
    location: z.string().trim().min(1).optional(),
  }),
]);

const FeedsFileSchema = z.object({
  news: z.array(FeedEntrySchema).default([]),
  events: z.array(FeedEntrySchema).default([]),
});

function sourcesOf(
  kind: FeedSource['kind'],
  entries: readonly z.infer<typeof FeedEntrySchema>[],
): FeedSource[] {
  return entries.map((entry) => (typeof entry === 'string' ? { url: entry, kind } : { ...entry, kind }));
}

/** Every configured feed, once; throws with the file's problems when FEEDS_FILE cannot be read. */
export function configuredFeeds(config: Config['insights']): FeedSource[] {
  const sources: FeedSource[] = [
    ...sourcesOf('news', config.newsFeeds),
    ...sourcesOf('events', config.eventFeeds),
  ];
  if (config.feedsFile) {
    const parsed = FeedsFileSchema.safeParse(JSON.parse(readFileSync(config.feedsFile, 'utf8')));
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      throw new Error(`FEEDS_FILE ${config.feedsFile} is not a feed list:\n  ${problems.join('\n  ')}`);
    }
    sources.push(...sourcesOf('news', parsed.data.news), ...sourcesOf('events', parsed.data.events));
  }
  const seen = new Set<string>();
  return sources.filter((source) => !seen.has(source.url) && seen.add(source.url));
}
