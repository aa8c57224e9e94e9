// A command for the database that embedded PGlite's running server holds: handed to that server as a
// request file in DATA_DIR/break-glass, and its answer read back (server/platform/security/break-glass.ts).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BREAK_GLASS_DIR,
  type BreakGlassAnswer,
  type BreakGlassCommand,
} from '../platform/security/break-glass';

const SERVER_ANSWER_WAIT_MS = 15_000;
const POLL_MS = 200;

/**
 * The running server holds the PGlite directory: it runs the command and writes the answer back.
 * `otherwise`: what else the operator can do should the server not answer.
 */
export async function throughRunningServer(
  dataDir: string,
  request: BreakGlassCommand,
  otherwise: string,
): Promise<BreakGlassAnswer> {
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
      `Stop it and run this command again (it then works on the database directly), ${otherwise}.`,
    ],
  };
}
