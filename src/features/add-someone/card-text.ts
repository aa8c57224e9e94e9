// The text read from a paper card, into the "Add someone" form's fields: e-mail, phone and web address by
// their patterns; name, role and company by what such lines usually look like. Only proposals: the
// member sees each field and corrects it before anything is saved.

export interface CardFields {
  name: string;
  email: string;
  phone: string;
  company: string;
  role: string;
  website: string;
}

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/i;
const PHONE = /\+?\(?\d[\d\s().\-/]{5,}\d/;
const WEBSITE = /\b(?:https?:\/\/)?(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/\S*)?/i;
const PHONE_LABEL = /^(?:tel(?:ephone)?|phone|mobile|mob|cell|direct|office|fax|[tmpfo])\s*[.:]?\s*/i;
/** Fax numbers are on cards too, but nobody calls one. */
const FAX_LABEL = /^fax\b|^f\s*[.:]/i;
const COMPANY_WORDS =
  /\b(?:ltd|limited|inc|llc|llp|plc|gmbh|ag|sa|sas|sarl|bv|nv|corp|corporation|co|company|group|labs?|studio|studios|technologies|technology|solutions|systems|partners|consulting|agency|associates|holdings|industries|ventures|media|bank|university|foundation)\b\.?/i;
const ROLE_WORDS =
  /\b(?:ceo|cto|cfo|coo|cmo|vp|founder|co-founder|cofounder|owner|president|director|manager|head|lead|chief|officer|engineer|developer|designer|architect|analyst|consultant|specialist|coordinator|advisor|adviser|partner|associate|assistant|executive|representative|scientist|researcher|professor|editor|producer|accountant|lawyer|attorney|sales|marketing|recruiter|administrator|strategist|principal|intern)\b/i;
const ADDRESS_WORDS =
  /\b(?:street|st\.|road|rd\.|avenue|ave\.?|lane|boulevard|blvd|suite|floor|building|square|place|way|drive|po box|strasse|straße|rue|via)\b/i;

/** OCR reads "name @ host . com" or "name(at)host.com" at times: put the address back together. */
function tidy(line: string): string {
  return line
    .replace(/\s*@\s*/g, '@')
    .replace(/\s*\(at\)\s*/gi, '@')
    .replace(/(@\S*?)\s*\.\s*(?=[a-z])/gi, '$1.')
    .replace(/[|]/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

function digitCount(text: string): number {
  return text.replace(/\D/g, '').length;
}

function findPhone(lines: string[]): string {
  const candidates = lines.flatMap((line) => {
    if (FAX_LABEL.test(line) || EMAIL.test(line)) return [];
    const match = line.replace(PHONE_LABEL, '').match(PHONE);
    if (!match) return [];
    const phone = match[0]
      .replace(/[/]/g, ' ')
      .replace(/\s{2,}/g, ' ')
      .trim();
    const digits = digitCount(phone);
    return digits >= 7 && digits <= 15 ? [phone] : [];
  });
  return candidates[0] ?? '';
}

/** Two to four words of letters (initials and hyphens allowed), with no digits: a person's name. */
function looksLikeName(line: string): boolean {
  if (/\d|@/.test(line) || COMPANY_WORDS.test(line) || ROLE_WORDS.test(line)) return false;
  const words = line.split(/\s+/);
  return (
    words.length >= 2 &&
    words.length <= 4 &&
    words.every(
      (word) => /^[\p{Lu}][\p{L}'’.-]*$/u.test(word) || /^(?:de|van|von|der|da|di|la|le)$/.test(word),
    )
  );
}

function isContactLine(line: string): boolean {
  return EMAIL.test(line) || WEBSITE.test(line) || digitCount(line) >= 5 || ADDRESS_WORDS.test(line);
}

/** The e-mail's domain, as a company name of last resort ("acme-tools.co.uk" → "Acme Tools"). */
function companyFromEmail(email: string): string {
  const host = email.split('@')[1] ?? '';
  const label = host.split('.')[0] ?? '';
  if (/^(?:gmail|googlemail|outlook|hotmail|yahoo|icloud|me|proton|protonmail|gmx|aol|live)$/i.test(label))
    return '';
  return label
    .split(/[-_]/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

export function readCardText(text: string): CardFields {
  const lines = text
    .split(/\r?\n/)
    .map(tidy)
    .filter((line) => /[\p{L}\d]/u.test(line));
  const email = lines.map((line) => line.match(EMAIL)?.[0]).find(Boolean) ?? '';
  const phone = findPhone(lines);
  const website =
    lines
      .filter((line) => !EMAIL.test(line))
      .map((line) => line.match(WEBSITE)?.[0])
      .find((found) => found && !/^\d/.test(found)) ?? '';
  const rest = lines.filter((line) => !isContactLine(line));
  const name = rest.find(looksLikeName) ?? '';
  const role = rest.find((line) => line !== name && ROLE_WORDS.test(line)) ?? '';
  const company =
    rest.find((line) => line !== name && line !== role && COMPANY_WORDS.test(line)) ??
    rest.find((line) => line !== name && line !== role && line.length > 1) ??
    companyFromEmail(email);
  return { name, email: email.toLowerCase(), phone, company, role, website };
}
