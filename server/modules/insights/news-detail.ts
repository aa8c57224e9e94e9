// The expanded view of one news item: a longer summary in paragraphs, key points, and related links that
// are always the feeds' own URLs (the LLM cites items by number; the server maps them to links).
import type { NewsDetail, NewsDetailRequest, RelatedLink } from '../../../contract/insights';
import type { InsightsDeps } from './digests';
import { titleKey } from './feeds/text';
import { findNewsItem, itemsById, listCandidates } from './queries';
import { summariseArticle } from './summaries/extractive';
import { detailArticleWithLlm } from './summaries/llm-summaries';

const RELATED_LINKS = 3;

function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 3),
  );
}

/** Stored news sharing the most words with the article's title and category, best first. */
async function relatedItems(
  deps: InsightsDeps,
  article: { id: string | null; title: string; category: string },
  now: Date,
) {
  const words = wordsOf(`${article.title} ${article.category}`);
  const scored = (await listCandidates(deps.db, 'news', now))
    .filter((candidate) => candidate.id !== article.id)
    .map((candidate) => ({
      id: candidate.id,
      overlap: [...wordsOf(`${candidate.title} ${candidate.categories.join(' ')}`)].filter((word) =>
        words.has(word),
      ).length,
    }))
    .filter((candidate) => candidate.overlap > 0)
    .sort((a, b) => b.overlap - a.overlap)
    .slice(0, RELATED_LINKS);
  const rows = new Map(
    (
      await itemsById(
        deps.db,
        scored.map((one) => one.id),
      )
    ).map((row) => [row.id, row]),
  );
  return scored.flatMap((one) => rows.get(one.id) ?? []);
}

function linkOf(item: { title: string; source: string; url: string }): RelatedLink[] {
  return item.url ? [{ title: item.title, source: item.source, url: item.url }] : [];
}

export async function newsDetail(
  deps: InsightsDeps,
  request: Required<Pick<NewsDetailRequest, 'title'>> & { category: string; summary: string; id?: string },
  now: Date,
): Promise<NewsDetail> {
  const stored = await findNewsItem(deps.db, request.id, titleKey(request.title));
  // An item the feeds no longer hold is explained from what the client still shows of it.
  const article = {
    id: stored?.id ?? null,
    title: stored?.title ?? request.title,
    text: stored?.body || request.summary,
    category: request.category,
  };
  const related = await relatedItems(deps, article, now);
  const own = stored ? linkOf(stored) : [];
  const generatedAt = now.toISOString();
  if (deps.llm) {
    try {
      const answer = await detailArticleWithLlm(
        deps.llm,
        { title: article.title, text: article.text },
        related.map((row) => ({ title: row.title, text: row.body })),
      );
      const relatedLinks = answer.related.flatMap((index) =>
        index === 0 ? [] : linkOf(related[index - 1] ?? { title: '', source: '', url: '' }),
      );
      return {
        detailedSummary: answer.detailedSummary,
        keyPoints: answer.keyPoints.map((point) => point.text),
        relatedLinks: [...own, ...relatedLinks],
        producedBy: 'llm',
        generatedAt,
      };
    } catch (error) {
      deps.log.warn({ err: error }, 'LLM news detail failed; the extractive summary is used');
    }
  }
  return {
    ...summariseArticle(article.title, article.text),
    relatedLinks: [...own, ...related.flatMap(linkOf)],
    producedBy: 'extractive',
    generatedAt,
  };
}
