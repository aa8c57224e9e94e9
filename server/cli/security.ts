// Break-glass: `npm run security -- unblock <ip>` lifts a block when nobody can reach the dashboard
// (the operator's own address blocked, say); `npm run security -- blocks` lists the active ones.
// Uses the server's configuration. On PostgreSQL the running servers see the change within
// SECURITY_SYNC_INTERVAL_MS; embedded PGlite is locked by a running server, so stop it first.
import { IpAddressSchema } from '../../contract/security';
import { normalizeAddress } from '../platform/security/address';
import { activeBlocks, appendAudit, liftBlock } from '../platform/security/store';
import { withDatabase } from './with-database';

const USAGE = `Usage:
  npm run security -- unblock <ip>   lift the block on <ip> in every server process
  npm run security -- blocks         list the addresses blocked now`;

async function main(args: string[]): Promise<number> {
  const [command, address] = args;
  const parsed = IpAddressSchema.safeParse(address ?? '');
  if (command === 'unblock' && !parsed.success) {
    console.error(`Please give a valid IP address.\n\n${USAGE}`);
    return 2;
  }
  if (command !== 'unblock' && command !== 'blocks') {
    console.error(USAGE);
    return 2;
  }
  return withDatabase(async (db) => {
    const now = new Date();
    if (command === 'blocks') {
      for (const block of await activeBlocks(db, now)) {
        console.log(`${block.ipAddress}\tuntil ${block.expiresAt.toISOString()}`);
      }
      return 0;
    }
    const ipAddress = normalizeAddress(parsed.data ?? '');
    if (!(await liftBlock(db, ipAddress, 'cli', now))) {
      console.error(`${ipAddress} is not blocked.`);
      return 1;
    }
    await appendAudit(db, {
      actor: 'cli',
      action: 'UNBLOCK_IP',
      target: ipAddress,
      detail: 'Break-glass unblock from the command line',
      ipAddress: null,
    });
    console.log(`IP ${ipAddress} unblocked successfully`);
    return 0;
  });
}

process.exitCode = await main(process.argv.slice(2));
