// One mapping between a business card's wire fields and its columns, used wherever a card is stored or read.
import type { BusinessCardView } from '../../../contract/card';

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
}

export function fromBusinessCardColumns(row: BusinessCardRow): BusinessCardView | null {
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
  };
}

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
