// The card's looks as the Card Details form edits them (issue 26 point 5): its accent colour and its
// labelled links, checked with the contract's own rules before anything is sent.
import { CardLinkSchema } from '../../../contract/card';
import { accentProblem, CARD_LINK_LIMITS, type CardLink } from '../../../contract/card-extras';
import type { Account } from '../../../contract/user';

export interface CardLooksValues {
  accent: string;
  links: CardLink[];
}

export function cardLooksValues(account: Account): CardLooksValues {
  return { accent: account.businessCard?.accent ?? '', links: account.businessCard?.links ?? [] };
}

export function hasLooksChanged(current: CardLooksValues, loaded: CardLooksValues): boolean {
  return JSON.stringify(current) !== JSON.stringify(loaded);
}

/** What is wrong, by place: the accent, and each link by its row (its label or its address). */
export interface CardLooksErrors {
  accent?: string;
  links: { label?: string; url?: string }[];
  count?: string;
}

export function validateCardLooks(looks: CardLooksValues): CardLooksErrors {
  const accent = accentProblem(looks.accent.trim().toLowerCase());
  const links = looks.links.map((link) => {
    const result = CardLinkSchema.safeParse(link);
    if (result.success) return {};
    const errors: { label?: string; url?: string } = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] === 'label' ? 'label' : 'url';
      errors[field] ??= issue.message;
    }
    return errors;
  });
  return {
    ...(accent ? { accent } : {}),
    links,
    ...(looks.links.length > CARD_LINK_LIMITS.count
      ? { count: `A card has at most ${CARD_LINK_LIMITS.count} links` }
      : {}),
  };
}

export function hasLooksErrors(errors: CardLooksErrors): boolean {
  return Boolean(errors.accent || errors.count || errors.links.some((link) => link.label || link.url));
}
