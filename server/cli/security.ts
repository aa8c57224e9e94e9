// Break-glass: `npm run security -- unblock <ip>` lifts a block when nobody can reach the dashboard
// (the operator's own address blocked, say); `npm run security -- blocks` lists the active ones.
// Uses the server's configuration, and works while the server runs: on PostgreSQL the running servers
// see the change within SECURITY_SYNC_INTERVAL_MS; on embedded PGlite, which the running server holds,
// the command is handed to that server through DATA_DIR (server/security/break-glass.ts).
import { resolve } from 'node:path';
import { IpAddressSchema } from '../../contract/security';
import { readConfig } from '../platform/config';
import { DataDirInUseError } from '../platform/db/data-dir-lock';
import { addressKey } from '../platform/security/address';
import {
  type BreakGlassAnswer,
  type BreakGlassCommand,
  runBreakGlass,
} from '../platform/security/break-glass';
import { liftBlock } from '../platform/security/store';
import { throughRunningServer } from './through-running-server';
import { withDatabase } from './with-database';

const USAGE = `Usage:
  npm run security -- unblock <ip>   lift the block on <ip> (an IPv6 address: its network) in every server process
  npm run security -- blocks         list the addresses blocked now`;

function parse(args: string[], ipv6PrefixLength: number): BreakGlassCommand | undefined {
  const [command, address] = args;
  if (command === 'blocks') return { command };
  if (command !== 'unblock') return undefined;
  const parsed = IpAddressSchema.safeParse(address ?? '');
  return parsed.success ? { command, address: addressKey(parsed.data, ipv6PrefixLength) } : undefined;
}

async function main(args: string[]): Promise<number> {
  const config = readConfig();
  const request = parse(args, config.ipv6PrefixLength);
  if (!request) {
    console.error(args[0] === 'unblock' ? `Please give a valid IP address.\n\n${USAGE}` : USAGE);
    return 2;
  }
  let answer: BreakGlassAnswer;
  try {
    answer = await withDatabase((db) =>
      runBreakGlass(db, request, (address) => liftBlock(db, address, 'cli', new Date())),
    );
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error('The server is running on this DATA_DIR: asking it to do this.');
    answer = await throughRunningServer(
      resolve(config.dataDir),
      request,
      'or sign in at /security from another address and unblock there',
    );
  }
  for (const line of answer.lines) (answer.exitCode === 0 ? console.log : console.error)(line);
  return answer.exitCode;
}

process.exitCode = await main(process.argv.slice(2));
