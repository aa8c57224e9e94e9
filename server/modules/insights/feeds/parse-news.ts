// RSS, Atom, RDF and JSON Feed through feedsmith, normalised to FeedEntry.
import { parseFeed } from 'feedsmith';
import type { FeedEntry, ParsedFeed } from './entries';
import type { FeedLimits } from './feed-limits';
import { htmlToText, webUrl } from './text';

type Text = string | { value?: string } | undefined;

function textOf(value: Text): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : (value.value ?? '');
}

function dateOf(...candidates: (string | undefined)[]): Date | null {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const date = new Date(candidate);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return null;
}

function entry(
  title: string,
  url: string | undefined,
  html: string,
  categories: string[],
  date: Date | null,
  fetchedAt: Date,
  maxChars: number,
): FeedEntry | null {
  const cleanTitle = htmlToText(title, maxChars);
  if (!cleanTitle) return null;
  return {
    title: cleanTitle,
    url: webUrl(url),
    body: htmlToText(html, maxChars),
    categories: categories.map((category) => category.trim()).filter(Boolean),
    location: '',
    // An undated item counts as new when first seen: that is when the member could first read it.
    startsAt: date ?? fetchedAt,
    endsAt: null,
    isAllDay: false,
  };
}

/**
 * Throws when the text is not a feed (an HTML page, broken XML). Reads the first `limits.maxItems`
 * items, and of each the first `limits.maxItemChars` characters.
 */
export function parseNewsFeed(
  xml: string,
  fetchedAt: Date,
  limits: Pick<FeedLimits, 'maxItems' | 'maxItemChars'>,
): ParsedFeed {
  const parsed = parseFeed(xml);
  const entries: (FeedEntry | null)[] = [];
  const maxChars = limits.maxItemChars;
  const firstItems = <T>(items: T[] | undefined) => (items ?? []).slice(0, limits.maxItems);
  const itemCount = (parsed.format === 'atom' ? parsed.feed.entries : parsed.feed.items)?.length ?? 0;
  let title = '';
  if (parsed.format === 'rss' || parsed.format === 'rdf') {
    title = textOf(parsed.feed.title);
    for (const item of firstItems(parsed.feed.items)) {
      const rssItem = item as {
        title?: string;
        link?: string;
        description?: string;
        content?: { encoded?: string };
        categories?: { name?: string }[];
        pubDate?: string;
        dc?: { date?: string; dates?: string[] };
      };
      entries.push(
        entry(
          rssItem.title ?? '',
          rssItem.link,
          rssItem.description || rssItem.content?.encoded || '',
          (rssItem.categories ?? []).map((category) => category.name ?? ''),
          dateOf(rssItem.pubDate, rssItem.dc?.date, rssItem.dc?.dates?.[0]),
          fetchedAt,
          maxChars,
        ),
      );
    }
  } else if (parsed.format === 'atom') {
    title = textOf(parsed.feed.title);
    for (const item of firstItems(parsed.feed.entries)) {
      const link = item.links?.find((one) => !one.rel || one.rel === 'alternate') ?? item.links?.[0];
      entries.push(
        entry(
          textOf(item.title),
          link?.href,
          textOf(item.summary) || textOf(item.content),
          (item.categories ?? []).map((category) => category.label ?? category.term ?? ''),
          dateOf(item.published, item.updated),
          fetchedAt,
          maxChars,
        ),
      );
    }
  } else {
    title = parsed.feed.title ?? '';
    for (const item of firstItems(parsed.feed.items)) {
      entries.push(
        entry(
          item.title ?? '',
          item.url,
          item.content_html ?? item.content_text ?? item.summary ?? '',
          item.tags ?? [],
          dateOf(item.date_published, item.date_modified),
          fetchedAt,
          maxChars,
        ),
      );
    }
  }
  return {
    title: htmlToText(title, maxChars),
    entries: entries.filter((one) => one !== null),
    ...(itemCount > limits.maxItems
      ? { cut: `${itemCount} items, over the limit of ${limits.maxItems}: read the first ${limits.maxItems}` }
      : {}),
  };
}
