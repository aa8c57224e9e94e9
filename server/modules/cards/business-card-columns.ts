// One mapping between a business card's wire fields and its columns, used wherever a card is stored or read.
import type { BusinessCard, BusinessCardView, MemberCardView } from '../../../contract/card';
import { type CardLink, CardPhotoPaths } from '../../../contract/card-extras';
import { fillPath } from '../../../contract/endpoint';

/** Selected through a LEFT JOIN, so every column may come back null when the member has no card yet. */
export const BUSINESS_CARD_COLUMNS = [
  'business_cards.user_id as business_card_user_id',
  'business_cards.pronouns',
  'business_cards.name as business_card_name',
  'business_cards.company',
  'business_cards.role as business_card_role',
  'business_cards.email as business_card_email',
  'business_cards.phone',
  'business_cards.linkedin_url',
  'business_cards.additional_url',
  'business_cards.accent',
  'business_cards.links',
  'business_cards.photo_id',
] as const;

interface BusinessCardRow {
  business_card_user_id: string | null;
  pronouns: string | null;
  business_card_name: string | null;
  company: string | null;
  business_card_role: string | null;
  business_card_email: string | null;
  phone: string | null;
  linkedin_url: string | null;
  additional_url: string | null;
  accent: string | null;
  links: CardLink[] | null;
  photo_id: string | null;
}

/** Where a card's photo is served, by size; '' without a photo. */
export function cardPhotoUrls(photoId: string | null): { photoURL: string; photoThumbnailURL: string } {
  if (!photoId) return { photoURL: '', photoThumbnailURL: '' };
  return {
    photoURL: fillPath(CardPhotoPaths.image, { photoId }),
    photoThumbnailURL: fillPath(CardPhotoPaths.thumbnail, { photoId }),
  };
}

export function fromBusinessCardColumns(row: BusinessCardRow): MemberCardView | null {
  if (row.business_card_user_id === null) return null;
  return {
    pronouns: row.pronouns ?? '',
    name: row.business_card_name ?? '',
    company: row.company ?? '',
    role: row.business_card_role ?? '',
    email: row.business_card_email ?? '',
    phone: row.phone ?? '',
    linkedinURL: row.linkedin_url ?? '',
    additionalURL: row.additional_url ?? '',
    accent: row.accent ?? '',
    links: row.links ?? [],
    ...cardPhotoUrls(row.photo_id),
  };
}

/** The card's fields, as a business card and a saved contact both keep them. */
export function toBusinessCardColumns(card: BusinessCardView) {
  return {
    pronouns: card.pronouns,
    name: card.name,
    company: card.company,
    role: card.role,
    email: card.email,
    phone: card.phone,
    linkedin_url: card.linkedinURL,
    additional_url: card.additionalURL,
  };
}

/** The member's own card's looks; left out (a client from before them), the card keeps what it has. */
export function toCardLooksColumns(card: Partial<Pick<BusinessCard, 'accent' | 'links'>>) {
  return {
    ...(card.accent === undefined ? {} : { accent: card.accent }),
    ...(card.links === undefined ? {} : { links: JSON.stringify(card.links) }),
  };
}
