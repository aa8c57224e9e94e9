// Members and cards for tests and benches that talk to a running server over HTTP: a member signs up
// as the app does (code from the SMTP sink); card owners are written straight into the database,
// since hundreds of sign-ups would measure argon2 rather than what is under test.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/platform/db/schema';
import { verificationCodeIn } from './mail-content';
import type { SmtpSink } from './smtp-sink';

export interface SignedInMember {
  email: string;
  accessToken: string;
  refreshToken: string;
}

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function signUpOverHttp(
  baseUrl: string,
  sink: SmtpSink,
  label = 'member',
): Promise<SignedInMember> {
  const email = `${label}-${randomBytes(5).toString('hex')}@members.test`;
  const registered = await postJson(`${baseUrl}/api/auth/register`, {
    name: 'Test Member',
    email,
    password: 'Corr3ct-Horse',
    dateOfBirth: '1990-05-17',
  });
  if (registered.status !== 201) throw new Error(`register failed: ${await registered.text()}`);
  const code = verificationCodeIn(await sink.waitForMail(email));
  const verified = await postJson(`${baseUrl}/api/auth/verify-email`, { email, code });
  if (!verified.ok) throw new Error(`verify failed: ${await verified.text()}`);
  const tokens = (await verified.json()) as { accessToken: string; refreshToken: string };
  return { email, ...tokens };
}

/** `count` members, each holding a claimed card with a business card on it; answers the cards' IDs. */
export async function seedCardOwners(db: Kysely<Database>, count: number): Promise<string[]> {
  const batch = randomBytes(4).toString('hex');
  const owners = await db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, index) => ({
        name: `Card Owner ${index}`,
        email: `owner-${batch}-${index}@cards.test`,
        // Never signs in: no password hash matches it.
        password_hash: 'not-a-password-hash',
        is_verified: true,
      })),
    )
    .returning(['id', 'name', 'email'])
    .execute();
  await db
    .insertInto('business_cards')
    .values(
      owners.map((owner) => ({
        user_id: owner.id,
        name: owner.name,
        email: owner.email,
        company: 'Example Ltd',
        role: 'Engineer',
        pronouns: '',
        phone: '',
        linkedin_url: '',
        additional_url: '',
      })),
    )
    .execute();
  const cards = owners.map((owner) => ({
    nfc_uid: `${randomBytes(20).toString('hex')}-${Math.floor(Math.random() * 1e9)}`,
    user_id: owner.id,
    claimed_at: new Date(),
  }));
  await db.insertInto('cards').values(cards).execute();
  return cards.map((card) => card.nfc_uid);
}
