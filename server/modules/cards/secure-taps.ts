// Whether a tap of a secure card is verified (docs/behaviour/secure-cards.md): its data decrypts and its
// MAC holds under the card's keys, its UID is the card's, and its counter is above the last verified one,
// which is then raised in one conditional UPDATE (of two processes checking one tap, one wins). Every
// failed check is a finding for the security dashboard; the visitor only ever learns "not verified".
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { type Tap, type TapProof, type TapQuery, UNVERIFIED_TAP } from '../../../contract/card';
import type { SecurityEventType } from '../../../contract/security';
import type { Database } from '../../platform/db/schema';
import type { CardKeyVault } from './card-key-vault';
import { readSunMessage, type SunReading } from './sun';

type Db = Kysely<Database> | Transaction<Database>;

export interface TapFinding {
  eventType: Extract<
    SecurityEventType,
    'CARD_REPLAY' | 'CARD_INVALID_SIGNATURE' | 'CARD_UID_MISMATCH' | 'CARD_CLONE_SUSPECTED'
  >;
  matched: string;
}

export interface TapCheck {
  tap: Tap;
  findings: TapFinding[];
}

/** A counter this far past the last verified one means taps the server never saw: a copy read elsewhere. */
export const CLONE_COUNTER_GAP = 1_000;
/** Two verified taps in different countries closer than this cannot be one card in one pocket. */
export const CLONE_TRAVEL_MS = 30 * 60_000;
/**
 * A save carries the tap that opened the page, which the page's own lookup already verified: the same
 * counter still counts for a save within this time.
 */
export const SAVE_AFTER_TAP_MS = 60 * 60_000;

/** The tap's signed data from a card URL's query (`p`/`c`, or NXP's `picc_data`/`cmac`); null without. */
export function tapProofOf(query: TapQuery): TapProof | null {
  const p = query.p ?? query.picc_data;
  const c = query.c ?? query.cmac;
  if (p === undefined && c === undefined) return null;
  return { p: p ?? '', c: c ?? '' };
}

/** Tries the card's keys, then the ones from before a rotation; says which verified. */
function read(vault: CardKeyVault, card: SecureCardRow, proof: TapProof) {
  const current = readSunMessage(vault.open(card.nfc_uid, card.sealed_keys), proof.p, proof.c);
  if (current) return { reading: current, isUnderCurrentKeys: true };
  if (!card.previous_sealed_keys) return null;
  const previous = readSunMessage(vault.open(card.nfc_uid, card.previous_sealed_keys), proof.p, proof.c);
  return previous ? { reading: previous, isUnderCurrentKeys: false } : null;
}

type SecureCardRow = NonNullable<Awaited<ReturnType<typeof findSecureCard>>>;

function findSecureCard(db: Db, nfcUid: string) {
  return db
    .selectFrom('secure_cards')
    .select([
      'nfc_uid',
      'tag_uid',
      'sealed_keys',
      'previous_sealed_keys',
      'last_counter',
      'last_tap_at',
      'last_tap_country',
    ])
    .where('nfc_uid', '=', nfcUid)
    .executeTakeFirst();
}

/**
 * Raises the card's counter to this tap's, if it is still above it. The first tap under keys given in
 * a rotation starts the count again (re-encoding a tag may reset its counter) and drops the old keys.
 */
async function advanceCounter(
  db: Db,
  card: SecureCardRow,
  reading: SunReading,
  isUnderCurrentKeys: boolean,
  country: string | null,
): Promise<boolean> {
  const isFirstUnderNewKeys = isUnderCurrentKeys && card.previous_sealed_keys !== null;
  const advanced = await db
    .updateTable('secure_cards')
    .set({
      last_counter: reading.counter,
      last_tap_at: sql`now()`,
      last_tap_country: country,
      tag_uid: reading.uid,
      ...(isFirstUnderNewKeys ? { previous_sealed_keys: null } : {}),
    })
    .where('nfc_uid', '=', card.nfc_uid)
    .where((eb) =>
      isFirstUnderNewKeys
        ? eb.or([eb('last_counter', '<', reading.counter), eb('previous_sealed_keys', 'is not', null)])
        : eb('last_counter', '<', reading.counter),
    )
    .executeTakeFirst();
  return advanced.numUpdatedRows > 0n;
}

/**
 * A card whose tag UID is not known yet learns it from its first verified tap, unless another card has
 * that UID (a supplier giving several cards one set of keys): then the tag is not this card's.
 */
async function cardOfTag(db: Db, uid: string): Promise<string | null> {
  const other = await db
    .selectFrom('secure_cards')
    .select('nfc_uid')
    .where('tag_uid', '=', uid)
    .executeTakeFirst();
  return other ? `another card's (${other.nfc_uid})` : null;
}

function cloneSigns(card: SecureCardRow, reading: SunReading, country: string | null, now: Date): string[] {
  const signs: string[] = [];
  if (card.last_counter >= 0 && reading.counter - card.last_counter > CLONE_COUNTER_GAP) {
    signs.push(`counter ${reading.counter} after ${card.last_counter}`);
  }
  const sinceLast = card.last_tap_at ? now.getTime() - card.last_tap_at.getTime() : Number.POSITIVE_INFINITY;
  if (country && card.last_tap_country && country !== card.last_tap_country && sinceLast < CLONE_TRAVEL_MS) {
    signs.push(`${country} ${Math.round(sinceLast / 60_000)} min after ${card.last_tap_country}`);
  }
  return signs;
}

/** Whether `reading` is the tap the card's counter was last raised by, within the time a save may take. */
function isLastTap(card: SecureCardRow, reading: SunReading, now: Date): boolean {
  return (
    reading.counter === card.last_counter &&
    card.last_tap_at !== null &&
    now.getTime() - card.last_tap_at.getTime() < SAVE_AFTER_TAP_MS
  );
}

/**
 * Whether `proof` is the card's last verified tap, as the page that tap opened reports it with its card
 * events. It reads and raises nothing and finds nothing: the lookup that opened the page already did.
 */
export async function isLastVerifiedTap(
  db: Db,
  vault: CardKeyVault | null,
  nfcUid: string,
  proof: TapProof,
  now: Date,
): Promise<boolean> {
  const card = await findSecureCard(db, nfcUid);
  if (!card || !vault) return false;
  const found = read(vault, card, proof);
  return found !== null && found.reading.uid === card.tag_uid && isLastTap(card, found.reading, now);
}

/**
 * Checks a tap of card `nfcUid`. A card without keys (an ordinary one) is never verified and finds
 * nothing. `acceptLastTap`: the save from the page this tap opened may show the counter just verified.
 */
export async function checkTap(
  db: Db,
  vault: CardKeyVault | null,
  nfcUid: string,
  proof: TapProof,
  context: { country: string | null; now: Date; acceptLastTap?: boolean },
): Promise<TapCheck> {
  const card = await findSecureCard(db, nfcUid);
  if (!card || !vault) return { tap: UNVERIFIED_TAP, findings: [] };
  const subject = `card ${nfcUid}`;
  const found = read(vault, card, proof);
  if (!found) {
    return { tap: UNVERIFIED_TAP, findings: [{ eventType: 'CARD_INVALID_SIGNATURE', matched: subject }] };
  }
  const { reading, isUnderCurrentKeys } = found;
  const registered = card.tag_uid ?? (await cardOfTag(db, reading.uid));
  if (registered !== null && registered !== reading.uid) {
    return {
      tap: UNVERIFIED_TAP,
      findings: [
        {
          eventType: 'CARD_UID_MISMATCH',
          matched: `${subject}: tag ${reading.uid}, registered ${registered}`,
        },
      ],
    };
  }
  const verified: Tap = { verified: true, counter: reading.counter };
  if (context.acceptLastTap && isLastTap(card, reading, context.now)) return { tap: verified, findings: [] };
  if (!(await advanceCounter(db, card, reading, isUnderCurrentKeys, context.country))) {
    return {
      tap: UNVERIFIED_TAP,
      findings: [
        {
          eventType: 'CARD_REPLAY',
          matched: `${subject}: counter ${reading.counter} not above the last verified`,
        },
      ],
    };
  }
  const signs = cloneSigns(card, reading, context.country, context.now);
  return {
    tap: verified,
    findings:
      signs.length > 0
        ? [{ eventType: 'CARD_CLONE_SUSPECTED', matched: `${subject}: ${signs.join('; ')}` }]
        : [],
  };
}
