// A secure card's tap carries its signed data in the page's address (docs/behaviour/secure-cards.md): `p`
// and `c`, or NXP's `picc_data` and `cmac`. The page sends them with the lookup, which verifies the tap,
// and with a save, so that a save made offline is verified when it is replayed.
import type { TapProof } from '../../../contract/card';
import { isTapProof } from '../../../contract/card-paths';

/** The tap's data in `search` (a URL's query), or null when the page was not opened by a secure card. */
export function tapProofIn(search: string): TapProof | null {
  const params = new URLSearchParams(search);
  const proof = { p: params.get('p') ?? params.get('picc_data'), c: params.get('c') ?? params.get('cmac') };
  return isTapProof(proof) ? proof : null;
}
