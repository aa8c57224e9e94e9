// Secure cards' keys at rest: AES-256-GCM under a key derived from CARD_KEYS_SECRET (HKDF-SHA-256). Each
// sealed box is bound to its card's ID (the GCM's additional data), so a box moved to another card's row
// does not open. The secret never leaves this object, and the object never prints it.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SunKeys } from './sun';

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 16;

export class CardKeyVault {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'tapnet', 'secure card keys v1', 32));
  }

  seal(nfcUid: string, keys: SunKeys): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv).setAAD(Buffer.from(nfcUid));
    const body = Buffer.concat([
      cipher.update(Buffer.concat([keys.metaReadKey, keys.fileReadKey])),
      cipher.final(),
    ]);
    return `${FORMAT}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
  }

  /** Throws when the box was sealed under another secret, for another card, or altered. */
  open(nfcUid: string, sealed: string): SunKeys {
    const [format, encoded = ''] = sealed.split('.');
    const box = Buffer.from(encoded, 'base64url');
    if (format !== FORMAT || box.length !== IV_BYTES + 2 * KEY_BYTES + TAG_BYTES) {
      throw new Error('Not a sealed card key box');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.#key, box.subarray(0, IV_BYTES))
      .setAAD(Buffer.from(nfcUid))
      .setAuthTag(box.subarray(box.length - TAG_BYTES));
    const keys = Buffer.concat([
      decipher.update(box.subarray(IV_BYTES, box.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return { metaReadKey: keys.subarray(0, KEY_BYTES), fileReadKey: keys.subarray(KEY_BYTES) };
  }

  toJSON(): string {
    return '[CardKeyVault]';
  }
}
