// Secure cards (docs/behaviour/secure-cards.md): issuing NTAG 424 DNA cards with their keys, rotating
// the keys, and what an encoder needs. The keys are sealed before they are stored (card-key-vault.ts)
// and come out again only in the export the operator asks for.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { SecureCardEntry } from '../../../contract/card';
import type { Config } from '../../platform/config';
import { isUniqueViolation } from '../../platform/db/errors';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { CardKeyVault } from './card-key-vault';
import { cardUrl } from './csv';
import { issueCards } from './queries';
import { diversifyCardKeys, type SunKeys } from './sun';

/** The vault when CARD_KEYS_SECRET is set; the issuer key when CARD_ISSUER_KEY is. */
export interface SecureCardKeys {
  vault: CardKeyVault | null;
  issuerKey: Buffer | null;
}

export const secureCardMessages = {
  off: 'Secure cards need CARD_KEYS_SECRET in the server’s configuration.',
  keysNeeded: 'Give each card its metaReadKey and fileReadKey, or set CARD_ISSUER_KEY to diversify them.',
  uidTaken: 'Another secure card already has this tag UID.',
  notSecure: 'No secure card has this Card ID.',
} as const;

/**
 * Zero placeholders where the tag writes its data on each tap (AN12196 §3.3): `p` the encrypted UID and
 * counter, `c` the MAC over nothing (SDMMACInputOffset = SDMMACOffset).
 */
const P_PLACEHOLDER = '0'.repeat(32);
const C_PLACEHOLDER = '0'.repeat(16);

export function secureCardUrl(publicUrl: string, nfcUid: string): string {
  return `${cardUrl(publicUrl, nfcUid)}?p=${P_PLACEHOLDER}&c=${C_PLACEHOLDER}`;
}

function keysOf(entry: SecureCardEntry, issuerKey: Buffer | null): SunKeys {
  if (entry.metaReadKey && entry.fileReadKey) {
    return {
      metaReadKey: Buffer.from(entry.metaReadKey, 'hex'),
      fileReadKey: Buffer.from(entry.fileReadKey, 'hex'),
    };
  }
  if (issuerKey && entry.uid) return diversifyCardKeys(issuerKey, entry.uid);
  throw new HttpError('CARD_KEYS_NEEDED', secureCardMessages.keysNeeded);
}

/**
 * Issues a secure card for each entry without an nfcUID, and gives new keys to each one with the ID of a
 * secure card (the old keys still verify until a tap shows the new ones). All or nothing. Returns the
 * Card IDs in the order of the entries.
 */
export async function registerSecureCards(
  db: Kysely<Database>,
  { vault, issuerKey }: SecureCardKeys,
  entries: readonly SecureCardEntry[],
): Promise<string[]> {
  if (!vault) throw new HttpError('SECURE_CARDS_OFF', secureCardMessages.off);
  const keyed = entries.map((entry) => ({
    ...entry,
    uid: entry.uid?.toUpperCase(),
    keys: keysOf(entry, issuerKey),
  }));
  const uids = keyed.flatMap(({ uid }) => (uid ? [uid] : []));
  if (new Set(uids).size !== uids.length) throw new HttpError('CARD_UID_TAKEN', secureCardMessages.uidTaken);
  try {
    return await db.transaction().execute(async (trx) => {
      const newCount = keyed.filter((entry) => !entry.nfcUID).length;
      const newIds = newCount > 0 ? await issueCards(trx, newCount) : [];
      const ids: string[] = [];
      for (const entry of keyed) {
        const nfcUid = entry.nfcUID ?? newIds.shift();
        if (!nfcUid) throw new Error('fewer cards issued than asked for');
        const sealed = vault.seal(nfcUid, entry.keys);
        if (entry.nfcUID) {
          const rotated = await trx
            .updateTable('secure_cards')
            // The card holds the oldest keys not yet seen replaced: those are kept.
            .set({
              previous_sealed_keys: sql<string>`coalesce(previous_sealed_keys, sealed_keys)`,
              sealed_keys: sealed,
              ...(entry.uid ? { tag_uid: entry.uid } : {}),
            })
            .where('nfc_uid', '=', nfcUid)
            .executeTakeFirst();
          if (rotated.numUpdatedRows === 0n)
            throw new HttpError('CARD_NOT_FOUND', secureCardMessages.notSecure);
        } else {
          await trx
            .insertInto('secure_cards')
            .values({ nfc_uid: nfcUid, tag_uid: entry.uid ?? null, sealed_keys: sealed })
            .execute();
        }
        ids.push(nfcUid);
      }
      return ids;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError('CARD_UID_TAKEN', secureCardMessages.uidTaken, { cause: error });
    }
    throw error;
  }
}

/**
 * The keys of secure cards from configuration. Secure cards stored without the secret that opens their
 * keys, or with another secret, stop the start: their taps could never be verified, silently.
 */
export async function loadSecureCardKeys(
  db: Kysely<Database>,
  { keysSecret, issuerKey }: Config['secureCards'],
): Promise<SecureCardKeys> {
  const vault = keysSecret ? new CardKeyVault(keysSecret) : null;
  const stored = await db
    .selectFrom('secure_cards')
    .select(['nfc_uid', 'sealed_keys'])
    .limit(1)
    .executeTakeFirst();
  if (stored && !vault) {
    throw new Error(
      'Secure cards are stored but CARD_KEYS_SECRET is not set: set it to the secret their keys were stored under.',
    );
  }
  if (stored && vault) {
    try {
      vault.open(stored.nfc_uid, stored.sealed_keys);
    } catch (error) {
      throw new Error(
        'CARD_KEYS_SECRET does not open the stored secure card keys: it is not the secret they were stored under.',
        { cause: error },
      );
    }
  }
  return { vault, issuerKey: issuerKey ? Buffer.from(issuerKey, 'hex') : null };
}

/**
 * What an encoder needs for each secure card (all of them, or the listed ones): the URL to write, the
 * SDM offsets of `p` and `c` in the NDEF file, and the keys in clear. Only for the operator's file.
 */
export async function secureCardsForEncoder(
  db: Kysely<Database>,
  vault: CardKeyVault,
  publicUrl: string,
  nfcUids?: readonly string[],
) {
  let query = db
    .selectFrom('secure_cards')
    .select(['nfc_uid', 'tag_uid', 'sealed_keys'])
    .orderBy('registered_at')
    .orderBy(sql`split_part(nfc_uid, '-', 2)::bigint`);
  if (nfcUids) query = query.where('nfc_uid', 'in', nfcUids.length > 0 ? [...nfcUids] : ['']);
  const rows = await query.execute();
  return rows.map((row) => {
    const url = secureCardUrl(publicUrl, row.nfc_uid);
    const keys = vault.open(row.nfc_uid, row.sealed_keys);
    return {
      nfcUID: row.nfc_uid,
      tagUID: row.tag_uid ?? '',
      url,
      ...sdmOffsets(url),
      metaReadKey: keys.metaReadKey.toString('hex').toUpperCase(),
      fileReadKey: keys.fileReadKey.toString('hex').toUpperCase(),
    };
  });
}

/** NDEF URI prefixes (NFC Forum URI RTD) the record abbreviates to one byte. */
const URI_PREFIXES = [
  { text: 'https://', code: 0x04 },
  { text: 'http://', code: 0x03 },
];

/**
 * Where the tag writes `p` and `c` in its NDEF file, as TagWriter asks for them: the file starts with
 * its 2-byte length, then a short URI record's 4-byte header (D1 01 length 55) and the prefix byte,
 * then the URL without its prefix (AN12196 §3.3: "https://choose.url.com/ntag424?e=" puts e at 0x20).
 */
export function sdmOffsets(url: string): {
  piccDataOffset: number;
  sdmMacOffset: number;
  sdmMacInputOffset: number;
} {
  const prefix = URI_PREFIXES.find(({ text }) => url.startsWith(text));
  const rest = prefix ? url.slice(prefix.text.length) : url;
  if (rest.length + 1 > 255) throw new Error('The tap URL is too long for a short NDEF record');
  const start = 2 + 4 + 1;
  const piccDataOffset = start + rest.indexOf(`p=${P_PLACEHOLDER}`) + 2;
  const sdmMacOffset = start + rest.indexOf(`c=${C_PLACEHOLDER}`) + 2;
  return { piccDataOffset, sdmMacOffset, sdmMacInputOffset: sdmMacOffset };
}
