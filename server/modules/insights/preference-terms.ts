// The words that show an item is about a preference option: the option's name, and for some the
// abbreviations and everyday words feeds use ('AI', 'banks'). Server-side only: members pick options.

const SYNONYMS: Record<string, readonly string[]> = {
  Technology: ['tech', 'software'],
  Finance: ['financial', 'bank', 'banks', 'banking', 'investors'],
  Healthcare: ['health', 'hospital', 'hospitals', 'medical', 'patients'],
  Education: ['university', 'universities', 'school', 'schools', 'students'],
  Manufacturing: ['factory', 'factories', 'manufacturers'],
  Retail: ['retailers', 'shops', 'stores', 'grocery'],
  'Real Estate': ['property', 'properties'],
  Energy: ['renewable', 'grid', 'battery', 'batteries'],
  'Transportation & Logistics': ['shipping', 'freight', 'trucks'],
  'Biotechnology & Pharmaceuticals': ['biotech', 'pharma', 'drug'],
  'Artificial Intelligence': ['ai', 'generative ai', 'llm', 'llms'],
  'Machine Learning': ['ml'],
  'Internet of Things': ['iot', 'sensors'],
  'Virtual Reality': ['vr'],
  'Augmented Reality': ['ar glasses'],
  Cybersecurity: ['cyber security', 'ransomware', 'security'],
  'Data Analytics': ['analytics', 'dashboards'],
  'Clean Technology': ['cleantech', 'climate technology', 'emissions'],
  Fintech: ['financial technology'],
  'Mobile Development': ['mobile apps'],
  'Web Development': ['web apps'],
  'Open Source': ['open-source'],
  'Pre-Seed': ['pre seed'],
  'Series C and Beyond': ['series c', 'series d', 'series e'],
  'Growth Stage': ['growth-stage', 'growth round'],
  Idea: ['idea stage', 'idea-stage'],
  'Small Business': ['small businesses', 'sme', 'smes'],
  'Public Company': ['ipo', 'listed company'],
  'Networking Event': ['networking'],
  'Startup Pitch': ['pitch night', 'pitches'],
};

/** Lower-case terms for an option: its name, its parts around '&', and its synonyms. */
export function termsOf(option: string): string[] {
  const name = option.toLowerCase();
  const parts = name.includes('&') ? name.split('&').map((part) => part.trim()) : [];
  return [...new Set([name, ...parts, ...(SYNONYMS[option] ?? [])])];
}

const STOP_WORDS = new Set(
  'about after also and are because been being between both but can could does doing from have having into just more most other over same should some such than that their them then there these they this those through under very were what when where which while with would your'.split(
    ' ',
  ),
);

/**
 * The interests a member typed: each comma-, semicolon- or line-separated phrase; one long phrase
 * without separators is taken word by word (words of five letters or more that are not stop words).
 */
export function customInterestTerms(text: string): string[] {
  const phrases = text
    .split(/[,;\n]+/)
    .map((phrase) => phrase.trim().toLowerCase())
    .filter((phrase) => phrase.length >= 2);
  if (phrases.length === 1 && (phrases[0] ?? '').split(/\s+/).length > 3) {
    return [
      ...new Set(
        (phrases[0] ?? '')
          .split(/[^\p{L}\p{N}]+/u)
          .filter((word) => word.length >= 5 && !STOP_WORDS.has(word)),
      ),
    ];
  }
  return [...new Set(phrases)];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One regular expression matching any of `terms` as whole words. */
export function wordMatcher(terms: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'iu');
}
