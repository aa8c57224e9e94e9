// Runs the real server (`server/main.ts`) as a child process, for tests about processes: locks,
// crashes, several instances. Waits for states (health answers, the process exits), never for time.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

/**
 * Where the kernel's ephemeral ports begin (Linux), which any outgoing connection on the machine may take
 * at any moment; elsewhere, where IANA's dynamic range begins, which macOS and Windows use.
 */
function firstEphemeralPort(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (low) return low;
  } catch {
    // Not Linux.
  }
  return 49_152;
}

/** Where a test's server port is drawn from: below the ephemeral ports, above the well-known ones. */
const TEST_PORTS = { low: 20_000, high: firstEphemeralPort() - 1 };
const PORT_DRAWS = 50;

async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  const isFree = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (isFree) await new Promise<void>((resolve) => server.close(() => resolve()));
  return isFree;
}

/**
 * A port nobody listens on right now, for a server a test starts. Not one the kernel picks (port 0):
 * that is an ephemeral port, which another socket may get as its own before the server binds it (one
 * did, in a fresh-clone run); a port below that range is only taken by a server that asks for it.
 */
export async function freePort(): Promise<number> {
  for (let draw = 0; draw < PORT_DRAWS && TEST_PORTS.high > TEST_PORTS.low; draw += 1) {
    const port = TEST_PORTS.low + Math.floor(Math.random() * (TEST_PORTS.high - TEST_PORTS.low));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${TEST_PORTS.low} and ${TEST_PORTS.high}`);
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
 * test's own it tries another free port when the chosen one is taken meanwhile: by another test's
 * server that drew the same port in the same moment.
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
