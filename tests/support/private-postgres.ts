// A PostgreSQL cluster of a test's own, which the test may stop and start (a database restart) without
// disturbing the shared one of TEST_DATABASE_URL. Needs the PostgreSQL server binaries, which .ci/run
// installs; as root the cluster belongs to the postgres user, as initdb requires. Prepared transactions
// are on so a test can hold a lock that outlives a restart.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

function findPostgresBin(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? join('/usr/lib/postgresql', newest, 'bin') : undefined;
}

export const postgresBin = findPostgresBin();

export interface PrivatePostgres {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  if (!postgresBin) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found');
  const bin = postgresBin;
  const dir = mkdtempSync(join(tmpdir(), 'tapnet-private-pg-'));
  const isRoot = process.getuid?.() === 0;
  if (isRoot)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres']).toString()),
      Number(execFileSync('id', ['-g', 'postgres']).toString()),
    );
  const run = (tool: string, args: string[]) => {
    const [command, fullArgs] = isRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    execFileSync(command as string, fullArgs as string[], { cwd: dir, stdio: 'pipe' });
  };
  const port = await freePort();
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_prepared_transactions=4`,
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
