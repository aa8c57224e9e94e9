// Scores stored items against a member's preferences and recency, and says why each was chosen
// (research wave2.md §4.1: preference matches × recency decay, capped per source).
import { EVENT_TYPES, INDUSTRIES, industrySlug, TECHNOLOGIES } from '../../../contract/insight-options';
import type { InsightKind, InsightPreferences } from '../../../contract/insights';
import { HOUR_MS } from '../../platform/time';
import { customInterestTerms, termsOf, wordMatcher } from './preference-terms';

/** What ranking reads of a stored item (no body: the store keeps a lower-cased excerpt in matchText). */
export interface Candidate {
  id: string;
  kind: InsightKind;
  title: string;
  categories: string[];
  location: string;
  startsAt: Date;
  endsAt: Date | null;
  feedUrl: string;
  matchText: string;
}

export interface Ranked extends Candidate {
  score: number;
  reasons: string[];
  /** The industry or technology option the item matched first, for its category. */
  topic: string | null;
}

const WEIGHT = {
  company: 4,
  industry: 3,
  technology: 3,
  eventType: 3,
  customInterest: 2,
  city: 2.5,
  country: 1.5,
  businessStage: 1.5,
};
/** News loses half its weight every three days; events every thirty days until they start. */
const NEWS_HALF_LIFE_HOURS = 72;
const EVENT_HALF_LIFE_DAYS = 30;
/** An event elsewhere than the member's places, and not online, counts half. */
const ELSEWHERE_FACTOR = 0.5;
/** No feed fills a digest alone. */
const MAX_PER_SOURCE = 4;

interface Matcher {
  label: string;
  kind: keyof typeof WEIGHT;
  /** Lower-case words or phrases that show an item is about `label`. */
  terms: string[];
  pattern: RegExp;
}

function matchers(kind: keyof typeof WEIGHT, options: readonly string[], termsFor = termsOf): Matcher[] {
  return options.map((label) => {
    const terms = termsFor(label);
    return { label, kind, terms, pattern: wordMatcher(terms) };
  });
}

/** The places a member cares about: the override when current location is off, and preferred ones. */
export function placesOf(preferences: InsightPreferences) {
  const location = preferences.locationPreferences;
  const override = location.useCurrentLocation ? null : location.locationOverride;
  const cities = [...location.preferredCities, ...(override?.city ? [override.city] : [])];
  const countries = [...location.preferredCountries, ...(override?.country ? [override.country] : [])];
  return { cities: [...new Set(cities)], countries: [...new Set(countries)] };
}

function matchersFor(preferences: InsightPreferences, kind: InsightKind): Matcher[] {
  const places = placesOf(preferences);
  return [
    ...matchers('company', preferences.companies, (name) => [name.toLowerCase()]),
    ...matchers('industry', preferences.industries),
    ...matchers('technology', preferences.technologies),
    ...(kind === 'events' ? matchers('eventType', preferences.eventTypes) : []),
    ...matchers('businessStage', preferences.businessStages),
    ...matchers('customInterest', customInterestTerms(preferences.customInterests), (term) => [term]),
    ...matchers('city', places.cities, (city) => [city.toLowerCase()]),
    ...matchers('country', places.countries, (country) => [country.toLowerCase()]),
  ];
}

function recency(candidate: Candidate, now: Date): number {
  if (candidate.kind === 'news') {
    const ageHours = Math.max(0, (now.getTime() - candidate.startsAt.getTime()) / HOUR_MS);
    return 0.5 ** (ageHours / NEWS_HALF_LIFE_HOURS);
  }
  const daysUntil = Math.max(0, (candidate.startsAt.getTime() - now.getTime()) / (24 * HOUR_MS));
  return 0.5 ** (daysUntil / EVENT_HALF_LIFE_DAYS);
}

export function isOnline(location: string): boolean {
  return /\b(online|virtual|remote|webinar)\b/i.test(location);
}

/**
 * Every preference term in one expression, longest first, so each item's text is scanned once (2,000
 * items × a regular expression per preference was the digest's slowest step).
 */
function combinedMatcher(all: readonly Matcher[]) {
  const owners = new Map<string, number[]>();
  all.forEach((matcher, index) => {
    for (const term of matcher.terms) owners.set(term, [...(owners.get(term) ?? []), index]);
  });
  const terms = [...owners.keys()].sort((a, b) => b.length - a.length);
  const pattern = terms.length > 0 ? new RegExp(wordMatcher(terms).source, 'giu') : null;
  return (text: string): Set<number> => {
    const found = new Set<number>();
    if (!pattern) return found;
    for (const match of text.matchAll(pattern)) {
      for (const index of owners.get(match[0].toLowerCase()) ?? []) found.add(index);
    }
    return found;
  };
}

/** The best `limit` items for the member, best first, at most a few per feed. */
export function rankItems(
  candidates: readonly Candidate[],
  preferences: InsightPreferences,
  kind: InsightKind,
  now: Date,
  limit: number,
): Ranked[] {
  const all = matchersFor(preferences, kind);
  const matchesIn = combinedMatcher(all);
  const places = placesOf(preferences);
  const hasPlaces = places.cities.length + places.countries.length > 0;
  const ranked = candidates.map((candidate): Ranked => {
    let match = 0;
    const reasons: string[] = [];
    let topic: string | null = null;
    let isNearby = false;
    const found = matchesIn(candidate.matchText);
    all.forEach((matcher, index) => {
      if (!found.has(index)) return;
      match += WEIGHT[matcher.kind];
      if (!reasons.includes(matcher.label)) reasons.push(matcher.label);
      if (!topic && (matcher.kind === 'industry' || matcher.kind === 'technology')) topic = matcher.label;
      if (matcher.kind === 'city' || matcher.kind === 'country') isNearby = true;
    });
    if (kind === 'events' && isOnline(candidate.location)) reasons.push('Online');
    const isElsewhere = kind === 'events' && hasPlaces && !isNearby && !isOnline(candidate.location);
    const score = (1 + match) * recency(candidate, now) * (isElsewhere ? ELSEWHERE_FACTOR : 1);
    return { ...candidate, score, reasons, topic };
  });
  ranked.sort((a, b) => b.score - a.score || b.startsAt.getTime() - a.startsAt.getTime());
  const chosen: Ranked[] = [];
  const perSource = new Map<string, number>();
  for (const item of ranked) {
    const count = perSource.get(item.feedUrl) ?? 0;
    if (count >= MAX_PER_SOURCE) continue;
    perSource.set(item.feedUrl, count + 1);
    chosen.push(item);
    if (chosen.length === limit) return chosen;
  }
  // Few feeds: fill up with what the cap left out rather than show less.
  for (const item of ranked) {
    if (chosen.length === limit) break;
    if (!chosen.includes(item)) chosen.push(item);
  }
  return chosen;
}

const eventTypeMatchers = matchers('eventType', EVENT_TYPES);
const industryMatchers = matchers('industry', INDUSTRIES);
const topicMatchers = [...industryMatchers, ...matchers('technology', TECHNOLOGIES)];

/** The event type option an event's categories or title name, else ''. */
export function eventTypeOf(title: string, categories: readonly string[]): string {
  const text = [...categories, title].join(' \n ');
  return eventTypeMatchers.find((matcher) => matcher.pattern.test(text))?.label ?? '';
}

/** The slug of the industry an event's categories name, else ''. */
export function industryOf(categories: readonly string[]): string {
  const text = categories.join(' \n ');
  const found = industryMatchers.find((matcher) => matcher.pattern.test(text));
  return found ? industrySlug(found.label) : '';
}

/** An item's topic when it matched no preference: the first option its categories name. */
export function topicOf(categories: readonly string[]): string | null {
  const text = categories.join(' \n ');
  return topicMatchers.find((matcher) => matcher.pattern.test(text))?.label ?? null;
}
