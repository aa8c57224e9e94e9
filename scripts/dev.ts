// `npm run dev`: Vite's dev server (which proxies /api to the server) and the API server, reloaded
// on change, side by side. A signal reaches both; when either stops, the other is stopped too.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

// Detached: Ctrl-C in the terminal then reaches only this script, which passes it on once. Told twice,
// `tsx watch` would SIGKILL the server in the middle of closing its database.
const options = { cwd: root, stdio: 'inherit', detached: true } as const;
const children: ChildProcess[] = [
  spawn(bin('vite'), [], options),
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], options),
];

const running = new Set(children);
const signalled = new Set<ChildProcess>();
let isStopping = false;
let exitCode = 0;

function stopAll(signal: NodeJS.Signals): void {
  isStopping = true;
  for (const child of running) {
    if (signalled.has(child)) continue;
    signalled.add(child);
    child.kill(signal);
  }
}

function settle(child: ChildProcess, code: number): void {
  // The first one to stop on its own decides the exit code; one we stopped is not a failure.
  if (!isStopping) exitCode = code;
  running.delete(child);
  if (running.size === 0) process.exit(exitCode);
  stopAll('SIGTERM');
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => stopAll(signal));
}

for (const child of children) {
  child.on('exit', (code, signal) => settle(child, code ?? (signal ? 1 : 0)));
  // Only a failure to start at all lands here; no 'exit' follows it.
  child.on('error', (error) => {
    console.error(error);
    settle(child, 1);
  });
}
