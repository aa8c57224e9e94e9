// News about the member's own network (issue 13 part 8): "2 of your contacts work at Acme", matched in
// the browser against the contacts cache, so the contact list never leaves the phone.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Contact } from '../../contract/contacts';
import { readContactsCache } from '../db/contacts-cache';
import { useSignedInUserId } from '../session/signed-in-user';

/** A company some of the member's contacts work at, as they wrote it, and how many of them. */
export interface ContactCompany {
  company: string;
  contactCount: number;
  /** Lower-case words of the name without its legal form, what a mention is matched on. */
  words: string[];
}

/** Legal forms that say nothing about which company it is ("Acme Ltd" is mentioned as "Acme"). */
const LEGAL_FORMS = new Set([
  'inc',
  'incorporated',
  'ltd',
  'limited',
  'llc',
  'llp',
  'plc',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'sarl',
  'bv',
  'nv',
  'corp',
  'corporation',
  'co',
  'company',
  'group',
  'holdings',
  'pty',
  'srl',
  'spa',
  'oy',
  'ab',
  'as',
]);

/** Shorter names ("HP" aside) match ordinary words far too often to be worth a mark. */
const MIN_NAME_LENGTH = 3;

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function companyWords(company: string): string[] {
  const words = wordsOf(company);
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1] ?? '')) words.pop();
  return words;
}

/** The companies of the member's contacts, one entry per company however they spelled it. */
export function contactCompanies(contacts: readonly Pick<Contact, 'company'>[]): ContactCompany[] {
  const byKey = new Map<string, ContactCompany>();
  for (const { company } of contacts) {
    const words = companyWords(company.trim());
    const key = words.join(' ');
    if (key.length < MIN_NAME_LENGTH) continue;
    const known = byKey.get(key);
    if (known) known.contactCount += 1;
    else byKey.set(key, { company: company.trim(), contactCount: 1, words });
  }
  return [...byKey.values()];
}

function containsRun(haystack: string[], needle: string[]): boolean {
  for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    if (needle.every((word, offset) => haystack[start + offset] === word)) return true;
  }
  return false;
}

/** The contacts' companies a text mentions as whole words, most contacts first. */
export function companiesMentioned(text: string, companies: readonly ContactCompany[]): ContactCompany[] {
  const words = wordsOf(text);
  return companies
    .filter((company) => containsRun(words, company.words))
    .sort((a, b) => b.contactCount - a.contactCount || a.company.localeCompare(b.company));
}

/** What a news card says about a company it mentions. */
export function companyMarkText({ company, contactCount }: ContactCompany): string {
  return contactCount === 1
    ? `1 of your contacts works at ${company}`
    : `${contactCount} of your contacts work at ${company}`;
}

/** The signed-in member's contacts' companies, live from the cache; empty without a cache. */
export function useContactCompanies(): ContactCompany[] {
  const userId = useSignedInUserId();
  return (
    useLiveQuery(async () => {
      if (!userId) return [];
      const cache = await readContactsCache(userId).catch(() => null);
      return contactCompanies(cache?.contacts ?? []);
    }, [userId]) ?? []
  );
}
