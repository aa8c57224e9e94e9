// The built-in summariser, the default and every fallback: it picks sentences the feeds wrote, never
// writes its own claims (research wave2.md §4.4: sentence-splitter, term weights, lead bias).
import { split } from 'sentence-splitter';

/** How long an item's summary may grow; the dashboard cuts it to 100 characters itself. */
export const ITEM_SUMMARY_CHARS = 280;
const LEAD_CHARS = 4 * ITEM_SUMMARY_CHARS;
const DETAIL_SENTENCES = 6;
const SENTENCES_PER_PARAGRAPH = 3;
const KEY_POINTS = 3;

const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in is it its of on or that the their they this to was were will with'.split(
    ' ',
  ),
);

/** The sentences of a text, paragraph by paragraph. */
export function sentencesOf(text: string): string[] {
  return split(text)
    .filter((node) => node.type === 'Sentence')
    .map((node) => node.raw.replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence.length > 0);
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2 && !STOP_WORDS.has(word));
}

/** Each sentence's weight: how much of the text's vocabulary and the title it carries, earlier ones first. */
function scoreSentences(sentences: readonly string[], title: string): number[] {
  const frequency = new Map<string, number>();
  for (const word of sentences.flatMap(wordsOf)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const titleWords = new Set(wordsOf(title));
  return sentences.map((sentence, index) => {
    const words = wordsOf(sentence);
    if (words.length === 0) return 0;
    const weight = words.reduce(
      (sum, word) => sum + (frequency.get(word) ?? 0) + (titleWords.has(word) ? 2 : 0),
      0,
    );
    const leadBias = 1 + 1 / (index + 1);
    return (weight / Math.sqrt(words.length)) * leadBias;
  });
}

/** The best sentences, `count` at most, in the order the text has them. */
function bestSentences(sentences: readonly string[], title: string, count: number): string[] {
  const scores = scoreSentences(sentences, title);
  return sentences
    .map((sentence, index) => ({ sentence, index, score: scores[index] ?? 0 }))
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map(({ sentence }) => sentence);
}

/** Cuts at a word boundary with an ellipsis. */
export function clip(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), maxChars / 2));
  return `${atWord.replace(/[\s,;:.-]+$/, '')}…`;
}

/** The lead of an article: its opening sentences up to the summary length (the title when it has no text). */
export function summariseItem(title: string, body: string): string {
  // Only the lead is kept: splitting the rest of a long article would be wasted work.
  const sentences = sentencesOf(body.slice(0, LEAD_CHARS));
  if (sentences.length === 0) return clip(title, ITEM_SUMMARY_CHARS);
  let summary = '';
  for (const sentence of sentences) {
    const next = summary ? `${summary} ${sentence}` : sentence;
    if (next.length > ITEM_SUMMARY_CHARS) break;
    summary = next;
  }
  return summary || clip(sentences[0] ?? title, ITEM_SUMMARY_CHARS);
}

/** The best sentence of an article, for a digest line. */
export function keySentence(title: string, body: string): string {
  return bestSentences(sentencesOf(body), title, 1)[0] ?? title;
}

/** A longer summary in paragraphs (blank-line separated) and the key points of one article. */
export function summariseArticle(
  title: string,
  body: string,
): { detailedSummary: string; keyPoints: string[] } {
  const sentences = sentencesOf(body);
  const chosen =
    sentences.length <= DETAIL_SENTENCES ? sentences : bestSentences(sentences, title, DETAIL_SENTENCES);
  const paragraphs: string[] = [];
  for (let start = 0; start < chosen.length; start += SENTENCES_PER_PARAGRAPH) {
    paragraphs.push(chosen.slice(start, start + SENTENCES_PER_PARAGRAPH).join(' '));
  }
  return {
    detailedSummary: paragraphs.join('\n\n') || title,
    keyPoints: sentences.length > 0 ? bestSentences(sentences, title, KEY_POINTS) : [title],
  };
}
