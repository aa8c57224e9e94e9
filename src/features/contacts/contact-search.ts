// Search as you type over the contacts on the device (issue 27): every word typed must begin a word of
// the contact's name, company, role, e-mail, notes, the place met or their event, ignoring case and accents ("zur"
// finds "Zürich", "ANA" finds "Ana Núñez"), as Apple's and Google's contacts apps match.
import type { Contact } from '../../../contract/contacts';

/** The fields a search looks in, in the order a row explains a match. */
export const SEARCHED_FIELDS = ['name', 'company', 'role', 'email', 'notes', 'whereMet', 'event'] as const;
export type SearchedField = (typeof SEARCHED_FIELDS)[number];

/** Letters that carry no accent mark to strip but that readers treat as plain letters. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const PLAIN_LETTER_PATTERN = /[ßæœøłđðþı]/g;
const MARKS = /\p{M}/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Lower case, without accents: the form both the contacts and the query are compared in. */
export function fold(text: string): string {
  // Most contact text is plain ASCII, which has no accents to take off: folding it is lower-casing.
  if (PLAIN_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(PLAIN_LETTER_PATTERN, (letter) => PLAIN_LETTERS[letter] ?? letter);
}

/** The words of a query, folded; punctuation separates words ("o'brien" is "o" and "brien"). */
export function queryWords(query: string): string[] {
  return fold(query).split(NOT_WORD).filter(Boolean);
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** A letter or digit; most text is ASCII, checked without the Unicode pattern. */
function isWordCharacter(character: string | undefined): boolean {
  if (character === undefined) return false;
  const code = character.charCodeAt(0);
  if (code < 128)
    return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return WORD_CHARACTER.test(character);
}

/**
 * A contact's searched fields, folded and joined: a query word matches where it begins a word there.
 * Kept per contact object (a changed contact is a new object), so a keystroke over 5,000 contacts costs a
 * few milliseconds (docs/budgets.md). Folded only, without cutting the text into words: the Unicode replace
 * of the punctuation cost more than the folding, and unprepared contacts made a first keystroke of 133 ms
 * on a CPU slowed 4×.
 */
const haystacks = new WeakMap<Contact, string>();

function haystackOf(contact: Contact): string {
  let haystack = haystacks.get(contact);
  if (haystack === undefined) {
    // Folded in one go: a mark never joins letters across the spaces between the fields.
    haystack = fold(SEARCHED_FIELDS.map((field) => contact[field] ?? '').join(' '));
    haystacks.set(contact, haystack);
  }
  return haystack;
}

/** Whether `word` (folded, letters and digits only) begins a word of `folded`. */
function beginsAWord(folded: string, word: string): boolean {
  for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
    if (!isWordCharacter(folded[at - 1])) return true;
  }
  return false;
}

/**
 * A list's searched texts joined into one, so that a word is looked for with one `indexOf` run over the
 * whole list rather than a call or two per contact: the engine's own loop, fast from the first keystroke,
 * where a loop of ours over 5,000 contacts ran in the interpreter for most of a search typed (10–15 ms of
 * each of the first keys in a traced run on a CPU slowed 4×, docs/budgets.md).
 */
interface SearchIndex {
  haystacks: readonly string[];
  /** Every haystack, each followed by a line break (no word runs across two contacts). */
  text: string;
  /** Where each contact's haystack begins in `text`; one more entry, where the text ends. */
  starts: readonly number[];
}

const indexes = new WeakMap<readonly Contact[], SearchIndex>();

function indexOfList(contacts: readonly Contact[]): SearchIndex {
  let index = indexes.get(contacts);
  if (index === undefined) {
    const haystacks = contacts.map(haystackOf);
    const starts = [0];
    for (const haystack of haystacks) starts.push((starts.at(-1) ?? 0) + haystack.length + 1);
    // One join of all, so the text is one flat string (a `+` would leave it to be copied at the first search).
    index = { haystacks, text: [...haystacks, ''].join('\n'), starts };
    indexes.set(contacts, index);
  }
  return index;
}

/** The positions, in order, of the contacts of `index` where `word` begins a word. */
function positionsMatching({ text, starts }: SearchIndex, word: string): number[] {
  const found: number[] = [];
  let position = 0;
  let at = text.indexOf(word);
  while (at !== -1) {
    while ((starts[position + 1] ?? Number.POSITIVE_INFINITY) <= at) position += 1;
    if (isWordCharacter(text[at - 1])) {
      at = text.indexOf(word, at + 1);
    } else {
      // One match is enough: on to the next contact.
      found.push(position);
      at = text.indexOf(word, starts[position + 1]);
    }
  }
  return found;
}

/** The positions in both lists, both in order. */
function intersect(positions: readonly number[], others: readonly number[]): number[] {
  const both: number[] = [];
  let other = 0;
  for (const position of positions) {
    while ((others[other] ?? Number.POSITIVE_INFINITY) < position) other += 1;
    if (others[other] === position) both.push(position);
  }
  return both;
}

/** Below this share of the list, the contacts still in a search are looked at one by one. */
const FEW_CANDIDATES = 1 / 8;

/** The `candidates` (positions in `index`, in order; null for every contact) where `word` begins a word. */
function narrow(index: SearchIndex, candidates: readonly number[] | null, word: string): readonly number[] {
  // Distinct positions as many as the contacts: every contact is still in.
  if (candidates === null || candidates.length === index.haystacks.length)
    return positionsMatching(index, word);
  if (candidates.length > index.haystacks.length * FEW_CANDIDATES)
    return intersect(positionsMatching(index, word), candidates);
  return candidates.filter((position) => beginsAWord(index.haystacks[position] ?? '', word));
}

/** Contacts prepared for searching in one step, between which the browser handles input: a few ms at 4×. */
const PREPARE_STEP = 250;

/**
 * Prepares `contacts` for searching a step at a time once the list is on screen, yielding to input between
 * steps (`pause`), so that neither the first keystroke nor one typed meanwhile waits for the whole list: a
 * search before the end prepares what is left itself. The last two steps join the list's texts, then search
 * them once: the engine compiles a loop only after running it, and the member's first keystroke should not
 * be the one that runs it in the interpreter. Returns a function that stops it.
 */
export function prepareSearch(contacts: readonly Contact[], pause: () => Promise<void>): () => void {
  const steps: (() => unknown)[] = [];
  for (let start = 0; start < contacts.length; start += PREPARE_STEP) {
    steps.push(() => contacts.slice(start, start + PREPARE_STEP).forEach(haystackOf));
  }
  steps.push(
    () => indexOfList(contacts),
    () => searchContacts(contacts, ['e']),
  );
  let isStopped = false;
  void (async () => {
    for (const step of steps) {
      await pause();
      if (isStopped) return;
      step();
    }
  })();
  return () => {
    isStopped = true;
  };
}

/** A search's answer, which the next keystroke's search starts from when it can only narrow it. */
export interface ContactSearch {
  /** The list searched. */
  among: readonly Contact[];
  words: readonly string[];
  /** Where the found contacts are in `among`; null when the query has no words and every one is found. */
  positions: readonly number[] | null;
  /** The contacts every query word matches, in the list's order. */
  found: readonly Contact[];
}

/**
 * The contacts of `among` every query word matches, in its order; all of them for a query without words.
 * After `last`, a search of the same list with a word typed on (or added) only looks among what it found,
 * for the words it did not already match.
 */
export function searchContacts(
  among: readonly Contact[],
  words: readonly string[],
  last?: ContactSearch | null,
): ContactSearch {
  if (words.length === 0) return { among, words, positions: null, found: among };
  const index = indexOfList(among);
  const isNarrower = last?.among === among && isNarrowerSearch(last.words, words);
  let positions = isNarrower ? last.positions : null;
  for (const word of words) {
    if (!isNarrower || !last.words.includes(word)) positions = narrow(index, positions, word);
  }
  const matched = positions ?? among.map((_, position) => position);
  const found =
    matched.length === among.length ? among : matched.map((position) => among[position] as Contact);
  return { among, words, positions: matched, found };
}

/**
 * Whether every contact that `next` finds is among those `previous` found: each previous word begins a
 * word of the new query (typed on, or kept while words are added), so its matches still match.
 */
export function isNarrowerSearch(previous: readonly string[], next: readonly string[]): boolean {
  return previous.every((word) => next.some((nextWord) => nextWord.startsWith(word)));
}

/** A piece of a shown text, marked when a query word matched there. */
export interface TextPiece {
  text: string;
  isMatch: boolean;
}

/**
 * `text` cut into pieces, with the starts of words that a query word matches marked, for highlighting.
 * Folding can change a text's length ("ß" is "ss"), so each character is folded alone and the folded
 * positions are mapped back to the shown ones.
 */
export function highlightMatches(text: string, words: readonly string[]): TextPiece[] {
  // Most texts of most rows match nothing: one fold of the whole text says so, without the per-character work.
  if (!hasMatch(text, words)) return [{ text, isMatch: false }];
  let folded = '';
  const shownAt: number[] = [];
  for (let at = 0; at < text.length; at += 1) {
    const piece = fold(text.charAt(at));
    folded += piece;
    for (let count = 0; count < piece.length; count += 1) shownAt.push(at);
  }
  const isMarked = new Array<boolean>(text.length).fill(false);
  for (const word of words) {
    let from = folded.indexOf(word);
    while (from !== -1) {
      if (!isWordCharacter(folded[from - 1])) {
        const start = shownAt[from] ?? 0;
        const end = shownAt[from + word.length - 1] ?? text.length - 1;
        isMarked.fill(true, start, end + 1);
      }
      from = folded.indexOf(word, from + 1);
    }
  }
  const pieces: TextPiece[] = [];
  for (let at = 0; at < text.length; at += 1) {
    const isMatch = isMarked[at] === true;
    const last = pieces.at(-1);
    if (last && last.isMatch === isMatch) last.text += text.charAt(at);
    else pieces.push({ text: text.charAt(at), isMatch });
  }
  return pieces;
}

/** Whether a query word begins a word of `text`. */
export function hasMatch(text: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const folded = fold(text);
  return words.some((word) => beginsAWord(folded, word));
}

/** Characters of context kept before a match in a long text (a note), so the row shows why it matched. */
const EXCERPT_LEAD = 24;

/** A long text from a little before its first match, with "…" where it was cut; null without a match. */
export function excerptAroundMatch(text: string, words: readonly string[]): string | null {
  const pieces = highlightMatches(text, words);
  const firstMatch = pieces.findIndex((piece) => piece.isMatch);
  if (firstMatch === -1) return null;
  const matchAt = pieces.slice(0, firstMatch).reduce((length, piece) => length + piece.text.length, 0);
  if (matchAt <= EXCERPT_LEAD) return text;
  const wordStart = text.lastIndexOf(' ', matchAt - EXCERPT_LEAD);
  return `…${text.slice(wordStart === -1 ? matchAt - EXCERPT_LEAD : wordStart + 1)}`;
}
