// A simulated NTAG 424 DNA tag (NXP AN12196 §3.3–3.4): on each tap it raises its read counter and writes
// `p` (C7 ‖ UID ‖ counter, little-endian, ‖ 5 random bytes, AES-128-CBC under the meta-read key, zero IV)
// and `c` (the odd bytes of CMAC(session key, empty), the session key CMAC(file-read key, SV2)) into its
// URL. Built from the application note's steps, apart from the server's verifier: only the RFC 4493
// CMAC is shared, and its own examples pin it (tests/unit/secure-card-crypto.test.ts).
import { createCipheriv, randomBytes } from 'node:crypto';
import { aesCmac, type SunKeys } from '../../server/modules/cards/sun';

export interface SunMessage {
  p: string;
  c: string;
}

/** What the tag writes for this counter; `random` stands for the tag's own random padding. */
export function sunMessage(keys: SunKeys, uid: string, counter: number, random = randomBytes(5)): SunMessage {
  const uidBytes = Buffer.from(uid, 'hex');
  const counterBytes = Buffer.alloc(3);
  counterBytes.writeUIntLE(counter, 0, 3);
  const cipher = createCipheriv('aes-128-cbc', keys.metaReadKey, Buffer.alloc(16)).setAutoPadding(false);
  const plain = Buffer.concat([Buffer.of(0xc7), uidBytes, counterBytes, random]);
  const p = Buffer.concat([cipher.update(plain), cipher.final()]);
  const sv2 = Buffer.concat([Buffer.from('3CC300010080', 'hex'), uidBytes, counterBytes]);
  const full = aesCmac(aesCmac(keys.fileReadKey, sv2), Buffer.alloc(0));
  const c = Buffer.from(full.filter((_, index) => index % 2 === 1));
  return { p: p.toString('hex').toUpperCase(), c: c.toString('hex').toUpperCase() };
}

export function randomKeys(): SunKeys {
  return { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
}

/** A 7-byte UID as NXP assigns them (manufacturer byte 04), 14 upper-case hex. */
export function randomUid(): string {
  return `04${randomBytes(6).toString('hex')}`.toUpperCase();
}

export function hexKeys(keys: SunKeys): { metaReadKey: string; fileReadKey: string } {
  return { metaReadKey: keys.metaReadKey.toString('hex'), fileReadKey: keys.fileReadKey.toString('hex') };
}

/** A tag with its keys and UID; each tap raises its counter, as the chip does on every read. */
export class SimulatedTag {
  constructor(
    readonly keys: SunKeys = randomKeys(),
    readonly uid: string = randomUid(),
    public counter = 0,
  ) {}

  tap(): SunMessage & { counter: number } {
    this.counter += 1;
    return { ...sunMessage(this.keys, this.uid, this.counter), counter: this.counter };
  }

  /** The query the tap adds to the card's URL. */
  tapQuery(): string {
    const { p, c } = this.tap();
    return `p=${p}&c=${c}`;
  }
}
