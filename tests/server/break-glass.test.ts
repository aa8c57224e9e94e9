// Break-glass while the server runs (issue 23 §5): `npm run security -- unblock <ip>` lets a blocked
// address in again without a restart, on PGlite (the command hands itself to the running server through
// DATA_DIR/break-glass) and on PostgreSQL (it writes the database; the server re-reads it within
// SECURITY_SYNC_INTERVAL_MS). A real server process and the real command, both as child processes;
// the blocked client is named through X-Forwarded-For behind TRUST_PROXY.
import { describe, expect, it } from 'vitest';
import { type CommandResult, runCommand } from '../support/run-command';
import { type ServerProcess, waitFor } from '../support/server-process';
import { runningServerPerBlock } from './running-server';

const adminUrl = process.env.TEST_DATABASE_URL;
const SCANNER = 'sqlmap/1.7.2#stable (https://sqlmap.org)';
const PROCESS_TEST_TIMEOUT_MS = 240_000;
const SYNC_MS = 300;
/** Each look runs the command afresh (a Node start with tsx): slow on a loaded machine. */
const COMMAND_WAIT_MS = 60_000;

/** Runs the break-glass command as an operator would, with the server's own settings. */
function breakGlass(env: Record<string, string>, ...args: string[]): Promise<CommandResult> {
  return runCommand('server/cli/security.ts', env, args);
}

async function statusFrom(server: ServerProcess, address: string, agent = 'Mozilla/5.0'): Promise<number> {
  const response = await fetch(`${server.url}/api/health`, {
    headers: { 'x-forwarded-for': address, 'user-agent': agent },
  });
  return response.status;
}

/** Blocks `address` on `server` the way an attacker gets blocked: one scanner request. */
async function blockFrom(server: ServerProcess, address: string): Promise<void> {
  expect(await statusFrom(server, address, SCANNER)).toBe(403);
  expect(await statusFrom(server, address)).toBe(403);
}

describe('break-glass on PGlite, through the running server', () => {
  const running = runningServerPerBlock(
    { pglite: 'tapnet-break-glass' },
    { TRUST_PROXY: '127.0.0.1' },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'lists the block and lifts it while the server holds DATA_DIR, and says so when an address is not blocked',
    async () => {
      const server = running.server();
      const env = running.env();
      const attacker = '198.51.100.91';
      await blockFrom(server, attacker);

      // The running server stores the block just after refusing: listed once it is there.
      let blocks: CommandResult | undefined;
      await waitFor(
        async () => {
          blocks = await breakGlass(env, 'blocks');
          return blocks.stdout.includes(`${attacker}\tuntil `);
        },
        'the block to be listed',
        COMMAND_WAIT_MS,
      );
      expect(blocks?.exitCode).toBe(0);
      expect(blocks?.stderr).toContain('The server is running on this DATA_DIR: asking it to do this.');

      const unblocked = await breakGlass(env, 'unblock', attacker);
      expect(unblocked.exitCode).toBe(0);
      expect(unblocked.stdout).toContain(`IP ${attacker} unblocked successfully`);
      // The running server let the address in at once: it lifted the block itself.
      expect(await statusFrom(server, attacker)).toBe(200);

      const again = await breakGlass(env, 'unblock', attacker);
      expect(again.exitCode).toBe(1);
      expect(again.stderr).toContain(`${attacker} is not blocked.`);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe.runIf(adminUrl)('break-glass on PostgreSQL, beside the running server', () => {
  const running = runningServerPerBlock(
    { postgres: 'tapnet_break_glass', adminUrl: adminUrl ?? '' },
    { TRUST_PROXY: '127.0.0.1', SECURITY_SYNC_INTERVAL_MS: String(SYNC_MS) },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'lifts a block in the database, and the running server lets the address in within its sync interval',
    async () => {
      const server = running.server();
      const env = running.env();
      const attacker = '198.51.100.92';
      await blockFrom(server, attacker);
      // The block reaches the database (the command reads it there), not just the server's memory.
      await waitFor(
        async () => (await breakGlass(env, 'blocks')).stdout.includes(`${attacker}\tuntil `),
        'the block to be stored',
        COMMAND_WAIT_MS,
      );

      const unblocked = await breakGlass(env, 'unblock', attacker);
      expect(unblocked.exitCode).toBe(0);
      expect(unblocked.stdout).toContain(`IP ${attacker} unblocked successfully`);
      await waitFor(async () => (await statusFrom(server, attacker)) === 200, 'the server to let it in');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
