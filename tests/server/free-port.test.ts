// The port a test's server is started on (tests/support/server-process.ts): free, and not one the kernel
// may give any outgoing connection meanwhile, which made a server fail with EADDRINUSE once.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { freePort } from '../support/server-process';

it('draws free ports below the ephemeral ones that outgoing connections take', async () => {
  const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
    .trim()
    .split(/\s+/)
    .map(Number);
  for (let draw = 0; draw < 20; draw += 1) {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(ephemeralLow ?? 0);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
