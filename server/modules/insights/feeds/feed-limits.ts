// How much of one feed the server reads (FEED_MAX_ITEMS, FEED_MAX_OCCURRENCES, FEED_MAX_ITEM_CHARS,
// FEED_PARSE_BUDGET_MS): a publisher's mistake (or an attacker's feed) must cost a feed
// its items, never the server its answers (issue 25 point 2).

export interface FeedLimits {
  /** News items kept per feed, in the feed's own order (newest first, as feeds list them). */
  maxItems: number;
  /** Event occurrences kept per calendar, after recurring events are expanded. */
  maxOccurrences: number;
  /** Characters of one item's title, description or location read, before its markup is removed. */
  maxItemChars: number;
  /** How long reading one feed may take; a feed that takes longer is given up and backed off. */
  parseBudgetMs: number;
}
