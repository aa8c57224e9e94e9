// Break-glass while the server runs (`npm run security …`): the commands that get an operator back in
// when nobody can reach the dashboard. On PostgreSQL the command writes the database and every process
// re-reads it within SECURITY_SYNC_INTERVAL_MS. Embedded PGlite has one process, the running server,
// so the command hands it a request file in DATA_DIR/break-glass and waits for its answer: whoever can
// write the data directory already holds everything in it, so the directory is the credential. Modules
// answer their own commands the same way (ApiModule.serverCommands: `npm run operator …`).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ApiModule, CommandAnswer } from '../module';
import { activeBlocks, appendAudit } from './store';

export const BREAK_GLASS_DIR = 'break-glass';
const POLL_MS = 1_000;

export type BreakGlassCommand =
  | { command: 'blocks' }
  | { command: 'unblock'; address: string }
  | { command: 'module'; module: string; name: string; args: string[] };

export type BreakGlassAnswer = CommandAnswer;

/** Runs a command on `db`; `lift` lifts a block (in the database, and in the server's memory if there). */
export async function runBreakGlass(
  db: Kysely<Database>,
  request: BreakGlassCommand,
  lift: (address: string) => Promise<boolean>,
): Promise<BreakGlassAnswer> {
  if (request.command === 'module') throw new Error('A module command is answered by its module');
  if (request.command === 'blocks') {
    const blocks = await activeBlocks(db, new Date());
    return {
      exitCode: 0,
      lines: blocks.map((block) => `${block.ipAddress}\tuntil ${block.expiresAt.toISOString()}`),
    };
  }
  if (!(await lift(request.address))) return { exitCode: 1, lines: [`${request.address} is not blocked.`] };
  await appendAudit(db, {
    actor: 'cli',
    action: 'UNBLOCK_IP',
    target: request.address,
    detail: 'Break-glass unblock from the command line',
    ipAddress: null,
  });
  return { exitCode: 0, lines: [`IP ${request.address} unblocked successfully`] };
}

/** The running server's side on PGlite: answers request files as they come. */
export function answerBreakGlass(app: FastifyInstance, dataDir: string, modules: readonly ApiModule[]): void {
  const directory = join(dataDir, BREAK_GLASS_DIR);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void answerWaiting(app, directory, modules).finally(() => {
      busy = false;
    });
  }, POLL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

async function answerWaiting(
  app: FastifyInstance,
  directory: string,
  modules: readonly ApiModule[],
): Promise<void> {
  for (const name of readdirSync(directory).filter((file) => file.endsWith('.request.json'))) {
    const path = join(directory, name);
    let answer: BreakGlassAnswer;
    try {
      const request = JSON.parse(readFileSync(path, 'utf8')) as BreakGlassCommand;
      answer =
        request.command === 'module'
          ? await runModuleCommand(app.ctx.db, modules, request)
          : await runBreakGlass(app.ctx.db, request, (address) => app.security.unblock(address, 'cli'));
    } catch (error) {
      app.log.warn({ err: error, file: name }, 'could not answer a break-glass request');
      answer = { exitCode: 1, lines: ['The server could not read this request; see its log.'] };
    }
    rmSync(path, { force: true });
    // Written whole, then renamed: the command never reads half an answer.
    const answerPath = path.replace(/\.request\.json$/, '.answer.json');
    writeFileSync(`${answerPath}.tmp`, JSON.stringify(answer), { mode: 0o600 });
    renameSync(`${answerPath}.tmp`, answerPath);
  }
}

function runModuleCommand(
  db: Kysely<Database>,
  modules: readonly ApiModule[],
  request: Extract<BreakGlassCommand, { command: 'module' }>,
): Promise<BreakGlassAnswer> {
  const run = modules.find((module) => module.name === request.module)?.serverCommands?.[request.name];
  if (!run) {
    return Promise.resolve({
      exitCode: 1,
      lines: [`This server has no ${request.module} ${request.name} command.`],
    });
  }
  return run(db, request.args);
}
