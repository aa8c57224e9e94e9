// A fetched feed's text read into entries, within the feed's limits: one function for the worker thread
// that runs it and for the tests that call it directly.
import type { InsightKind } from '../../../../contract/insights';
import type { ParsedFeed } from './entries';
import type { FeedLimits } from './feed-limits';
import { parseEventFeed } from './parse-events';
import { parseNewsFeed } from './parse-news';

/** Throws, saying why, when the text is not a feed of that kind. */
export function readFeed(kind: InsightKind, text: string, now: Date, limits: FeedLimits): ParsedFeed {
  try {
    return kind === 'news' ? parseNewsFeed(text, now, limits) : parseEventFeed(text, now, limits);
  } catch (error) {
    throw new Error(`Not a ${kind === 'news' ? 'news feed' : 'calendar'}: ${(error as Error).message}`);
  }
}
