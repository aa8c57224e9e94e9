// `npm run cards -- issue 100` issues a batch and prints it as CSV; `npm run cards -- export` prints every card.
// Secure cards (docs/behaviour/secure-cards.md): `secure-import <file.csv>` issues them (or rotates their
// keys) from a supplier's list, `secure-export <file.csv>` writes what an encoder needs, keys included.
// Uses the same configuration (DATABASE_URL or DATA_DIR, PUBLIC_URL, CARD_KEYS_SECRET) as the server.
import { readFileSync, writeFileSync } from 'node:fs';
import { MAX_CARDS_PER_BATCH, type SecureCardEntry, SecureCardEntrySchema } from '../../contract/card';
import {
  cardsToCsv,
  issueCards,
  listCards,
  loadSecureCardKeys,
  registerSecureCards,
  secureCardsForEncoder,
  secureCardUrl,
} from '../modules/cards';
import { toCsv } from '../platform/csv';
import { DataDirInUseError } from '../platform/db/data-dir-lock';
import { HttpError } from '../platform/errors';
import { withDatabase } from './with-database';

export const RUNNING_SERVER_MESSAGE =
  'The server is running on this DATA_DIR, so issue or export cards in the admin dashboard’s Cards tab (/admin/dashboard), or stop the server and run this again (with PostgreSQL, DATABASE_URL, it works while the server runs).';

const USAGE = `Usage:
  npm run cards -- issue <count>              issue <count> new cards (1-${MAX_CARDS_PER_BATCH}) and print them as CSV
  npm run cards -- export                     print every issued card as CSV
  npm run cards -- secure-import <file.csv>   issue secure cards from a CSV with the columns uid, metaReadKey,
                                              fileReadKey (keys may be left out with CARD_ISSUER_KEY set; an
                                              nfcUID column gives an existing secure card new keys)
  npm run cards -- secure-export <file.csv> [nfcUID ...]
                                              write the encoder's file: URL, SDM offsets and keys of every
                                              secure card (or the listed ones); readable by you alone`;

/** The supplier's list: a header row, then one card a line; hex values need no quoting. */
function readSecureCardList(path: string): SecureCardEntry[] {
  const [header = '', ...lines] = readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const columns = header.split(',').map((column) => column.trim());
  const problems: string[] = [];
  const entries = lines.flatMap((line, index) => {
    const values = line.split(',').map((value) => value.trim());
    const record = Object.fromEntries(
      columns.flatMap((column, at) => (values[at] ? [[column, values[at]]] : [])),
    );
    const parsed = SecureCardEntrySchema.safeParse(record);
    if (parsed.success) return [parsed.data];
    problems.push(`line ${index + 2}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
    return [];
  });
  if (problems.length > 0) throw new Error(problems.join('\n'));
  if (entries.length < 1 || entries.length > MAX_CARDS_PER_BATCH) {
    throw new Error(`The file must list 1 to ${MAX_CARDS_PER_BATCH} cards.`);
  }
  return entries;
}

async function main(args: string[]): Promise<number> {
  const [command, argument, ...rest] = args;
  const count = Number(argument);
  if (command === 'issue' && !(Number.isInteger(count) && count >= 1 && count <= MAX_CARDS_PER_BATCH)) {
    console.error(`The count must be a whole number from 1 to ${MAX_CARDS_PER_BATCH}.\n\n${USAGE}`);
    return 2;
  }
  const isSecure = command === 'secure-import' || command === 'secure-export';
  if (!(command === 'issue' || command === 'export' || (isSecure && argument))) {
    console.error(USAGE);
    return 2;
  }
  try {
    return await withDatabase(async (db, config) => {
      if (command === 'export') {
        process.stdout.write(cardsToCsv(await listCards(db), config.publicUrl));
        return 0;
      }
      if (command === 'issue') {
        const issued = new Set(await issueCards(db, count));
        const batch = (await listCards(db)).filter((card) => issued.has(card.nfc_uid));
        process.stdout.write(cardsToCsv(batch, config.publicUrl));
        console.error(`Issued ${issued.size} cards.`);
        return 0;
      }
      const keys = await loadSecureCardKeys(db, config.secureCards);
      if (command === 'secure-import') {
        const ids = await registerSecureCards(db, keys, readSecureCardList(argument ?? ''));
        const rows = ids.map((nfcUid) => [nfcUid, secureCardUrl(config.publicUrl, nfcUid)]);
        process.stdout.write(toCsv(['nfcUID', 'url'], rows));
        console.error(
          `Registered ${ids.length} secure cards. Encode them from: npm run cards -- secure-export <file>`,
        );
        return 0;
      }
      if (!keys.vault) throw new HttpError('SECURE_CARDS_OFF', 'Secure cards need CARD_KEYS_SECRET.');
      const cards = await secureCardsForEncoder(
        db,
        keys.vault,
        config.publicUrl,
        rest.length > 0 ? rest : undefined,
      );
      const columns = Object.keys(cards[0] ?? { nfcUID: '' });
      const csv = toCsv(
        columns,
        cards.map((card) => Object.values(card).map(String)),
      );
      // The keys in clear: readable by the operator alone, and never over a file that is already there.
      writeFileSync(argument ?? '', csv, { mode: 0o600, flag: 'wx' });
      console.error(
        `Wrote ${cards.length} secure cards with their keys to ${argument}. Delete it once they are encoded.`,
      );
      return 0;
    });
  } catch (error) {
    // The embedded database belongs to the running server: one sentence on what to do, not a stack trace.
    if (error instanceof DataDirInUseError) console.error(RUNNING_SERVER_MESSAGE);
    else console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
