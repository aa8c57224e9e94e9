// `npm run cards -- issue 100` issues a batch and prints it as CSV; `npm run cards -- export` prints every card.
// Uses the same configuration (DATABASE_URL or DATA_DIR, PUBLIC_URL) as the server.
import { MAX_CARDS_PER_BATCH } from '../../contract/card';
import { cardsToCsv, issueCards, listCards } from '../modules/cards';
import { DataDirInUseError } from '../platform/db/data-dir-lock';
import { withDatabase } from './with-database';

export const RUNNING_SERVER_MESSAGE =
  'The server is running on this DATA_DIR, so issue or export cards in the admin dashboard’s Cards tab (/admin/dashboard), or stop the server and run this again (with PostgreSQL, DATABASE_URL, it works while the server runs).';

const USAGE = `Usage:
  npm run cards -- issue <count>   issue <count> new cards (1-${MAX_CARDS_PER_BATCH}) and print them as CSV
  npm run cards -- export          print every issued card as CSV`;

async function main(args: string[]): Promise<number> {
  const [command, countArg] = args;
  const count = Number(countArg);
  if (command === 'issue' && !(Number.isInteger(count) && count >= 1 && count <= MAX_CARDS_PER_BATCH)) {
    console.error(`The count must be a whole number from 1 to ${MAX_CARDS_PER_BATCH}.\n\n${USAGE}`);
    return 2;
  }
  if (command !== 'issue' && command !== 'export') {
    console.error(USAGE);
    return 2;
  }
  try {
    return await withDatabase(async (db, config) => {
      if (command === 'export') {
        process.stdout.write(cardsToCsv(await listCards(db), config.publicUrl));
      } else {
        const issued = new Set(await issueCards(db, count));
        const batch = (await listCards(db)).filter((card) => issued.has(card.nfc_uid));
        process.stdout.write(cardsToCsv(batch, config.publicUrl));
        console.error(`Issued ${issued.size} cards.`);
      }
      return 0;
    });
  } catch (error) {
    // The embedded database belongs to the running server: one sentence on what to do, not a stack trace.
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(RUNNING_SERVER_MESSAGE);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
