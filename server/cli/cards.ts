// `npm run cards -- issue 100` issues a batch and prints it as CSV; `npm run cards -- export` prints every card.
// Uses the same configuration (DATABASE_URL or DATA_DIR, PUBLIC_URL) as the server.
import { resolve } from 'node:path';
import { MAX_CARDS_PER_BATCH } from '../../contract/card';
import { readConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrate';
import { cardsToCsv } from '../modules/cards/csv';
import { issueCards, listCards } from '../modules/cards/queries';

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
  const config = readConfig();
  const connection = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: resolve(config.dataDir) },
  );
  try {
    await migrate(connection);
    if (command === 'export') {
      process.stdout.write(cardsToCsv(await listCards(connection.db), config.publicUrl));
    } else {
      const issued = new Set(await issueCards(connection.db, count));
      const batch = (await listCards(connection.db)).filter((card) => issued.has(card.nfc_uid));
      process.stdout.write(cardsToCsv(batch, config.publicUrl));
      console.error(`Issued ${issued.size} cards.`);
    }
    return 0;
  } finally {
    await connection.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
