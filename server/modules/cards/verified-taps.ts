// A tap as a request shows it: its proof from the URL's query or a save's body, checked (secure-taps.ts)
// with the country of the client address for the clone check, and what failed recorded as the request's
// security events. Used by the card lookup, the server-rendered card page and the save of a contact.
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { type Tap, type TapProof, UNVERIFIED_TAP } from '../../../contract/card';
import type { Database } from '../../platform/db/schema';
import { recordModuleFinding } from '../../platform/security/hooks';
import { ruleFor } from '../../platform/security/rules';
import type { SecureCardKeys } from './secure-cards';
import { checkTap } from './secure-taps';

declare module 'fastify' {
  interface FastifyInstance {
    secureCardKeys: SecureCardKeys;
  }
}

export async function verifyTap(
  request: FastifyRequest,
  db: Kysely<Database> | Transaction<Database>,
  nfcUid: string,
  proof: TapProof | null,
  options: { acceptLastTap?: boolean } = {},
): Promise<Tap> {
  if (!proof) return UNVERIFIED_TAP;
  const { server } = request;
  const { tap, findings } = await checkTap(db, server.secureCardKeys.vault, nfcUid, proof, {
    country: server.ctx.ipCountry.countryOf(request.ip),
    now: new Date(),
    acceptLastTap: options.acceptLastTap,
  });
  for (const { eventType, matched } of findings) {
    recordModuleFinding(request, { eventType, severity: ruleFor(eventType).severity, matched });
  }
  return tap;
}
