// The Card Details form: its fields with their input types (spec §3 BusinessCard) and its checks.
import { type BusinessCardInput, BusinessCardSchema } from '../../../contract/card';
import type { Account } from '../../../contract/user';

/** The text fields; the card's looks (accent, links, photo) have their own editors (card-looks/). */
export type CardFieldKey = Exclude<keyof BusinessCardInput, 'accent' | 'links'>;
export type CardFormValues = Record<CardFieldKey, string>;

export interface CardField {
  key: CardFieldKey;
  label: string;
  type: 'text' | 'email' | 'tel';
  inputMode?: 'url';
  autoComplete: string;
  placeholder?: string;
  isRequired?: boolean;
}

/**
 * The spec's url type is given as inputMode url on a text input: phones still show the web-address
 * keyboard, but the browser does not refuse 'linkedin.com/in/ada', which the server accepts and the
 * public card completes with https://.
 */
export const CARD_FIELDS: readonly CardField[] = [
  { key: 'name', label: 'Name', type: 'text', autoComplete: 'name', isRequired: true },
  { key: 'pronouns', label: 'Pronouns', type: 'text', autoComplete: 'off', placeholder: 'e.g. she/her' },
  { key: 'company', label: 'Company', type: 'text', autoComplete: 'organization' },
  { key: 'role', label: 'Role', type: 'text', autoComplete: 'organization-title' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email', isRequired: true },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  {
    key: 'linkedinURL',
    label: 'LinkedIn',
    type: 'text',
    inputMode: 'url',
    autoComplete: 'off',
    placeholder: 'linkedin.com/in/yourname',
  },
  {
    key: 'additionalURL',
    label: 'Website',
    type: 'text',
    inputMode: 'url',
    autoComplete: 'url',
    placeholder: 'yourwebsite.com',
  },
];

/** A member without a card yet starts from the name and e-mail of the account. */
export function cardFormValues(account: Account): CardFormValues {
  const card = account.businessCard;
  return {
    pronouns: card?.pronouns ?? '',
    name: card?.name ?? account.name,
    company: card?.company ?? '',
    role: card?.role ?? '',
    email: card?.email ?? account.email,
    phone: card?.phone ?? '',
    linkedinURL: card?.linkedinURL ?? '',
    additionalURL: card?.additionalURL ?? '',
  };
}

export type CardFormErrors = Partial<Record<CardFieldKey, string>>;

/** The contract's own rules, so the form says what the server would say before sending. */
export function validateCardForm(values: CardFormValues): CardFormErrors {
  const result = BusinessCardSchema.safeParse(values);
  if (result.success) return {};
  const errors: CardFormErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as CardFieldKey;
    errors[key] ??= issue.message;
  }
  return errors;
}
