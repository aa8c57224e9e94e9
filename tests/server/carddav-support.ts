// What the CardDAV tests share: a member with contacts and an app password, Basic credentials, and a
// reader of 207 Multi-Status answers (fast-xml-parser, with namespace prefixes dropped: clients and
// servers choose their own).
import { XMLParser } from 'fast-xml-parser';
import { bearer, createMember, createMemberWithCard, json, type TestContext, uniqueEmail } from './helpers';

export function basic(email: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` };
}

export interface DavResponse {
  href: string;
  /** A response with a status of its own (a deleted card in a sync, an unknown href in a multiget). */
  status?: string;
  /** Properties found (200), by local name: their text, or their XML children for structured ones. */
  found: Record<string, unknown>;
  /** Properties asked for that the resource does not have (404). */
  missing: string[];
}

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, parseTagValue: false });

function asList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The <response> elements of a multistatus, and its sync-token when it has one. */
export function readMultistatus(xml: string): { responses: DavResponse[]; syncToken?: string } {
  const document = parser.parse(xml) as {
    multistatus: { response?: unknown; 'sync-token'?: string };
  };
  const responses = asList(document.multistatus.response as Record<string, unknown>[]).map((response) => {
    const found: Record<string, unknown> = {};
    const missing: string[] = [];
    for (const propstat of asList(response.propstat as Record<string, unknown>[])) {
      const props = (propstat.prop ?? {}) as Record<string, unknown>;
      if (String(propstat.status).includes(' 200 ')) Object.assign(found, props);
      else missing.push(...Object.keys(props));
    }
    return {
      href: String(response.href),
      ...(response.status ? { status: String(response.status) } : {}),
      found,
      missing,
    };
  });
  const syncToken = document.multistatus['sync-token'];
  return { responses, ...(syncToken === undefined ? {} : { syncToken: String(syncToken) }) };
}

export const PEOPLE = [
  { name: 'Grace Hopper', email: 'grace@example.com', company: 'US Navy', role: 'Rear Admiral' },
  { name: 'Linus Pauling', email: 'linus@example.com', company: 'Caltech', role: 'Chemist' },
  { name: 'Katherine Johnson', email: 'katherine@example.com', company: 'NASA', role: 'Mathematician' },
];

/** A member who saved the cards of PEOPLE (Grace where they met in Lyon), with an app password. */
export async function memberWithAddressBook(t: TestContext) {
  const member = await createMember(t, { email: uniqueEmail('carddav') });
  const contactIds: string[] = [];
  for (const [index, person] of PEOPLE.entries()) {
    const owner = await createMemberWithCard(t, person);
    const place = index === 0 ? { lat: 45.764, lng: 4.8357 } : {};
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: bearer(member.accessToken),
      payload: { nfcUID: owner.nfcUID, ...place },
    });
    if (saved.statusCode !== 201) throw new Error(`save failed: ${saved.body}`);
    contactIds.push(json<{ contact: { _id: string } }>(saved).contact._id);
  }
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/user/app-passwords',
    headers: bearer(member.accessToken),
    payload: { name: 'Test phone' },
  });
  const appPassword = json<{ id: string; password: string }>(created);
  return { ...member, contactIds, appPassword, auth: basic(member.email, appPassword.password) };
}
