// RSS, Atom, RDF and JSON Feed through feedsmith, normalised to FeedEntry.
import { parseFeed } from 'feedsmith';
import type { FeedEntry, ParsedFeed } from './entries';
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
): FeedEntry | null {
  const cleanTitle = htmlToText(title);
  if (!cleanTitle) return null;
  return {
    title: cleanTitle,
    url: webUrl(url),
    body: htmlToText(html),
    categories: categories.map((category) => category.trim()).filter(Boolean),
    location: '',
    // An undated item counts as new when first seen: that is when the member could first read it.
    startsAt: date ?? fetchedAt,
    endsAt: null,
    isAllDay: false,
  };
}

/** Throws when the text is not a feed (an HTML page, broken XML). */
export function parseNewsFeed(xml: string, fetchedAt: Date): ParsedFeed {
  const parsed = parseFeed(xml);
  const entries: (FeedEntry | null)[] = [];
  let title = '';
  if (parsed.format === 'rss' || parsed.format === 'rdf') {
    title = textOf(parsed.feed.title);
    for (const item of parsed.feed.items ?? []) {
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
        ),
      );
    }
  } else if (parsed.format === 'atom') {
    title = textOf(parsed.feed.title);
    for (const item of parsed.feed.entries ?? []) {
      const link = item.links?.find((one) => !one.rel || one.rel === 'alternate') ?? item.links?.[0];
      entries.push(
        entry(
          textOf(item.title),
          link?.href,
          textOf(item.summary) || textOf(item.content),
          (item.categories ?? []).map((category) => category.label ?? category.term ?? ''),
          dateOf(item.published, item.updated),
          fetchedAt,
        ),
      );
    }
  } else {
    title = parsed.feed.title ?? '';
    for (const item of parsed.feed.items ?? []) {
      entries.push(
        entry(
          item.title ?? '',
          item.url,
          item.content_html ?? item.content_text ?? item.summary ?? '',
          item.tags ?? [],
          dateOf(item.date_published, item.date_modified),
          fetchedAt,
        ),
      );
    }
  }
  return { title: htmlToText(title), entries: entries.filter((one) => one !== null) };
}
