// Cards for the journeys, made through the same APIs operators and members use.
import type { APIRequestContext } from '@playwright/test';
import { verificationCodeIn } from '../support/mail-content';
import { expect, type Mailbox, type NewUser } from './fixtures';

// The e2e server's admin (playwright.config.ts).
const ADMIN = { email: 'admin@tapnet.test', password: 'Admin-e2e-Passw0rd' };

export const ownerCard = {
  pronouns: 'she/her',
  name: 'Grace Hopper',
  company: 'Compilers Inc',
  role: 'Rear Admiral',
  email: 'grace@example.test',
  phone: '+1 555 0100',
  linkedinURL: 'linkedin.com/in/grace',
  additionalURL: 'grace.example.test',
};

async function adminPost(request: APIRequestContext, url: string, data: unknown) {
  const login = await request.post('/api/admin/login', { data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return request.post(url, { data, headers: { Authorization: `Bearer ${token}` } });
}

export async function issueCard(request: APIRequestContext): Promise<string> {
  const issued = await adminPost(request, '/api/admin/cards', { count: 1 });
  expect(issued.status(), await issued.text()).toBe(201);
  const { cards } = (await issued.json()) as { cards: { nfcUID: string }[] };
  const [card] = cards;
  if (!card) throw new Error('no card issued');
  return card.nfcUID;
}

export async function logInByApi(request: APIRequestContext, user: NewUser): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** A secure card (NTAG 424 DNA) with this tag's UID and keys, issued as an operator would. */
export async function issueSecureCard(
  request: APIRequestContext,
  tag: { uid: string; keys: { metaReadKey: Buffer; fileReadKey: Buffer } },
): Promise<string> {
  const issued = await adminPost(request, '/api/admin/cards/secure', {
    cards: [
      {
        uid: tag.uid,
        metaReadKey: tag.keys.metaReadKey.toString('hex'),
        fileReadKey: tag.keys.fileReadKey.toString('hex'),
      },
    ],
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const [card] = ((await issued.json()) as { cards: { nfcUID: string }[] }).cards;
  if (!card) throw new Error('no secure card issued');
  return card.nfcUID;
}

/**
 * A verified member, other than the test's own user, holding a linked card with `ownerCard` on it
 * (an ordinary card unless `issue` makes another kind).
 */
export async function createCardOwner(
  request: APIRequestContext,
  mailbox: Mailbox,
  issue: (request: APIRequestContext) => Promise<string> = issueCard,
  card: typeof ownerCard = ownerCard,
): Promise<{ nfcUID: string; user: NewUser }> {
  const user: NewUser = {
    name: ownerCard.name,
    email: `grace-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    password: 'Compiler1Grace',
    dateOfBirth: '1980-12-09',
  };
  expect((await request.post('/api/auth/register', { data: user })).status()).toBe(201);
  const mail = await mailbox.waitForMail(user.email, { subject: 'verification code' });
  const verified = await request.post('/api/auth/verify-email', {
    data: { email: user.email, code: verificationCodeIn(mail) },
  });
  expect(verified.status()).toBe(200);
  const { accessToken } = (await verified.json()) as { accessToken: string };
  const nfcUID = await issue(request);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const linked = await request.post('/api/user/updateProfile', { data: { nfcUID }, headers });
  expect(linked.ok(), await linked.text()).toBe(true);
  const carded = await request.post('/api/user/updateBusinessCard', { data: card, headers });
  expect(carded.ok(), await carded.text()).toBe(true);
  return { nfcUID, user };
}

/** The member saves a card owner's card elsewhere (another device): through the API, not through the page. */
export async function saveCardElsewhere(
  request: APIRequestContext,
  mailbox: Mailbox,
  member: NewUser,
): Promise<void> {
  const owner = await createCardOwner(request, mailbox);
  const token = await logInByApi(request, member);
  const saved = await request.post('/api/contact/create', {
    data: { nfcUID: owner.nfcUID },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(saved.status(), await saved.text()).toBe(201);
}

export async function listContactsOf(
  request: APIRequestContext,
  user: NewUser,
): Promise<{ nfcUID: string }[]> {
  const token = await logInByApi(request, user);
  const response = await request.get('/api/contact', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { nfcUID: string }[];
}

export type CardFields = Partial<typeof ownerCard>;

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** Saves, as `member`, the cards of new card owners with these details, oldest first; answers their IDs. */
export async function giveContacts(
  request: APIRequestContext,
  mailbox: Mailbox,
  member: NewUser,
  cards: (CardFields & { lat?: number; lng?: number })[],
): Promise<string[]> {
  const memberToken = await logInByApi(request, member);
  const cardIds: string[] = [];
  for (const { lat, lng, ...fields } of cards) {
    const owner = await createCardOwner(request, mailbox);
    const ownerToken = await logInByApi(request, owner.user);
    const carded = await request.post('/api/user/updateBusinessCard', {
      data: { ...ownerCard, email: uniqueEmail('card'), ...fields },
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    expect(carded.ok(), await carded.text()).toBe(true);
    const saved = await request.post('/api/contact/create', {
      data: { nfcUID: owner.nfcUID, ...(lat === undefined ? {} : { lat, lng }) },
      headers: {
        Authorization: `Bearer ${memberToken}`,
        'idempotency-key': `e2e-${Math.random().toString(36).slice(2, 14)}`,
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    cardIds.push(owner.nfcUID);
  }
  return cardIds;
}
