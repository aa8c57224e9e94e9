// TOTP secrets at rest: AES-256-GCM under a key derived (HKDF-SHA-256) from the server's code key, which
// comes from JWT_SECRET; each box is bound to its operator's id, so a box copied to another row does not
// open. A database dump alone then gives no one an operator's codes.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class FactorSecrets {
  readonly #key: Buffer;

  constructor(codeKey: string) {
    this.#key = Buffer.from(hkdfSync('sha256', codeKey, 'tapnet', 'operator totp secrets v1', 32));
  }

  seal(userId: string, secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv).setAAD(Buffer.from(userId));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${FORMAT}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
  }

  /** Throws when the box was sealed under another key, for another operator, or altered. */
  open(userId: string, sealed: string): string {
    const [format, encoded = ''] = sealed.split('.');
    const box = Buffer.from(encoded, 'base64url');
    if (format !== FORMAT || box.length <= IV_BYTES + TAG_BYTES) throw new Error('Not a sealed TOTP secret');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, box.subarray(0, IV_BYTES))
      .setAAD(Buffer.from(userId))
      .setAuthTag(box.subarray(box.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(box.subarray(IV_BYTES, box.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }

  toJSON(): string {
    return '[FactorSecrets]';
  }
}
