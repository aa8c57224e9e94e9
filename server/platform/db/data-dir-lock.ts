// One process per PGlite data directory: PGlite runs PostgreSQL in single-user mode and writes no
// postmaster.pid, so two processes on one directory would each keep their own view and overwrite
// each other's commits. A pid file created exclusively guards it; a pid that is no longer alive
// (a process killed with -9, a crashed host) does not block the next start.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'tapnet.pid';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another Tapnet process (pid ${pid}). Stop that process first, ` +
        'or give this one its own DATA_DIR; to run several processes on one database, use PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE_NAME);
  // Two attempts: the second follows the removal of a stale file, and loses to a process that was quicker.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return { release: () => releaseIfOurs(path) };
    } catch (error) {
      if (!isErrorCode(error, 'EEXIST')) throw error;
    }
    const holder = readPid(path);
    if (holder !== undefined && isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
    removeIfPresent(path);
  }
  throw new DataDirInUseError(dataDir, readPid(path) ?? 0);
}

function readPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Our own pid in the file means a previous life of this process id (a container restarts with the
 * same pid 1), so it is stale. EPERM means the process exists under another user: alive.
 */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return isErrorCode(error, 'EPERM');
  }
}

function releaseIfOurs(path: string): void {
  if (readPid(path) === process.pid) removeIfPresent(path);
}

function removeIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if (!isErrorCode(error, 'ENOENT')) throw error;
  }
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
