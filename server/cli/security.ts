// Break-glass: `npm run security -- unblock <ip>` lifts a block when nobody can reach the dashboard
// (the operator's own address blocked, say); `npm run security -- blocks` lists the active ones.
// Uses the server's configuration, and works while the server runs: on PostgreSQL the running servers
// see the change within SECURITY_SYNC_INTERVAL_MS; on embedded PGlite, which the running server holds,
// the command is handed to that server through DATA_DIR (server/security/break-glass.ts).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { IpAddressSchema } from '../../contract/security';
import { readConfig } from '../platform/config';
import { DataDirInUseError } from '../platform/db/data-dir-lock';
import { addressKey } from '../platform/security/address';
import {
  BREAK_GLASS_DIR,
  type BreakGlassAnswer,
  type BreakGlassCommand,
  runBreakGlass,
} from '../platform/security/break-glass';
import { liftBlock } from '../platform/security/store';
import { withDatabase } from './with-database';

const USAGE = `Usage:
  npm run security -- unblock <ip>   lift the block on <ip> (an IPv6 address: its network) in every server process
  npm run security -- blocks         list the addresses blocked now`;
const SERVER_ANSWER_WAIT_MS = 15_000;
const POLL_MS = 200;

function parse(args: string[], ipv6PrefixLength: number): BreakGlassCommand | undefined {
  const [command, address] = args;
  if (command === 'blocks') return { command };
  if (command !== 'unblock') return undefined;
  const parsed = IpAddressSchema.safeParse(address ?? '');
  return parsed.success ? { command, address: addressKey(parsed.data, ipv6PrefixLength) } : undefined;
}

/** The running server holds the PGlite directory: it runs the command and writes the answer back. */
async function throughRunningServer(dataDir: string, request: BreakGlassCommand): Promise<BreakGlassAnswer> {
  const directory = join(dataDir, BREAK_GLASS_DIR);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const id = randomUUID();
  const requestPath = join(directory, `${id}.request.json`);
  const answerPath = join(directory, `${id}.answer.json`);
  writeFileSync(requestPath, JSON.stringify(request), { mode: 0o600 });
  const deadline = Date.now() + SERVER_ANSWER_WAIT_MS;
  while (Date.now() < deadline) {
    if (existsSync(answerPath)) {
      const answer = JSON.parse(readFileSync(answerPath, 'utf8')) as BreakGlassAnswer;
      rmSync(answerPath, { force: true });
      return answer;
    }
    await sleep(POLL_MS);
  }
  rmSync(requestPath, { force: true });
  return {
    exitCode: 1,
    lines: [
      `The server holding ${dataDir} did not answer within ${SERVER_ANSWER_WAIT_MS / 1000} s (is it an older version?).`,
      'Stop it and run this command again (it then works on the database directly), or sign in at /security from another address and unblock there.',
    ],
  };
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
    answer = await throughRunningServer(resolve(config.dataDir), request);
  }
  for (const line of answer.lines) (answer.exitCode === 0 ? console.log : console.error)(line);
  return answer.exitCode;
}

process.exitCode = await main(process.argv.slice(2));
