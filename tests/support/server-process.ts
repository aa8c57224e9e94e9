// Runs the real server (`server/main.ts`) as a child process, for tests about processes: locks,
// crashes, several instances. Waits for states (health answers, the process exits), never for time.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

const START_TIMEOUT_MS = 90_000;
const POLL_INTERVAL_MS = 100;

/** A port nobody listens on right now, chosen by the kernel. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The server's source run through tsx, as tests run it; `npm start` runs the build (dist-server/main.js). */
const SOURCE_ENTRY = ['--import', 'tsx', 'server/main.ts'];

/**
 * `nodeFlags`: Node or V8 options put before the script, e.g. to measure the server under them;
 * `entry`: what Node runs.
 */
export async function spawnServer(
  env: Record<string, string>,
  nodeFlags: string[] = [],
  entry: string[] = SOURCE_ENTRY,
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [...nodeFlags, ...entry], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      STATIC_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Resolves once `check` answers true, polling; fails naming `what` after `timeoutMs`. */
export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Resolves once the server answers its health check; fails if it exits first or takes too long. */
export async function waitUntilHealthy(server: ServerProcess, timeoutMs = START_TIMEOUT_MS): Promise<void> {
  let hasExited = false;
  void server.exited.then(() => {
    hasExited = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`server exited before it was healthy:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms:\n${server.output()}`);
}

/** How many ports `startServer` tries when the one `freePort` chose was taken before the server bound it. */
const PORT_ATTEMPTS = 3;

/**
 * Starts a server and waits until it is healthy; stops it if it never gets there. Without a PORT of the
 * test's own it tries another free port when the chosen one is taken meanwhile: any socket on the
 * machine may get it as its own ephemeral port while the server starts (it did, once, in a fresh-clone run).
 */
export async function startServer(
  env: Record<string, string>,
  nodeFlags: string[] = [],
  entry: string[] = SOURCE_ENTRY,
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const server = await spawnServer(env, nodeFlags, entry);
    try {
      await waitUntilHealthy(server);
      return server;
    } catch (error) {
      await server.stop('SIGKILL');
      const isPortTaken = env.PORT === undefined && server.output().includes('EADDRINUSE');
      if (!isPortTaken || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}
