// NTAG 424 DNA secure unique NFC messages (NXP AN12196 §3.3–3.4): AES-CMAC (RFC 4493), the tag data
// in a tap URL, its MAC, and per-card keys diversified from an issuer key (NXP AN10922 §2.2). Over
// node:crypto alone: the registry's NTAG 424 packages are unmaintained or AGPL (market-2026.md §3).
import { createCipheriv, createDecipheriv, timingSafeEqual } from 'node:crypto';

const BLOCK = 16;
const ZERO_BLOCK = Buffer.alloc(BLOCK);
/** AN12196 §3.4.2: PICCDataTag 0xC7 says the encrypted data mirrors the UID (7 bytes) and the read counter. */
const PICC_DATA_TAG = 0xc7;
/** AN12196 §3.4.4: SV2's fixed prefix for the session MAC key (label, counter, length of 128 bits). */
const SV2_PREFIX = Buffer.from('3cc300010080', 'hex');

export interface SunKeys {
  /** K_SDMMetaRead: decrypts the tag data. */
  metaReadKey: Buffer;
  /** K_SDMFileRead: derives the session key that signs the tap. */
  fileReadKey: Buffer;
}

/** What a valid tap says: the tag's UID (14 upper-case hex) and its read counter. */
export interface SunReading {
  uid: string;
  counter: number;
}

/** RFC 4493 §2.3: doubling in GF(2^128). */
function double(block: Buffer): Buffer {
  const out = Buffer.alloc(BLOCK);
  for (let index = 0; index < BLOCK; index++) {
    out[index] = ((block[index] ?? 0) << 1) | ((block[index + 1] ?? 0) >> 7);
  }
  if ((block[0] ?? 0) & 0x80) out[BLOCK - 1] = (out[BLOCK - 1] ?? 0) ^ 0x87;
  return out;
}

/**
 * RFC 4493 §2.4 over whole blocks, the last one masked with K1, or K2 when it was padded. One ECB
 * cipher object encrypts every block (the CBC chaining is done here): creating cipher objects, not
 * AES itself, is what a verification spends its time on.
 */
function cmacOfBlocks(key: Buffer, blocks: Buffer, isPadded: boolean): Buffer {
  const cipher = createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  const k1 = double(cipher.update(ZERO_BLOCK));
  const subkey = isPadded ? double(k1) : k1;
  let state = ZERO_BLOCK;
  for (let offset = 0; offset < blocks.length; offset += BLOCK) {
    const isLast = offset + BLOCK === blocks.length;
    const input = Buffer.alloc(BLOCK);
    for (let index = 0; index < BLOCK; index++) {
      input[index] =
        (state[index] ?? 0) ^ (blocks[offset + index] ?? 0) ^ (isLast ? (subkey[index] ?? 0) : 0);
    }
    state = cipher.update(input);
  }
  return state;
}

/** RFC 4493 AES-CMAC with a 128-bit key. */
export function aesCmac(key: Buffer, message: Buffer): Buffer {
  const isWhole = message.length > 0 && message.length % BLOCK === 0;
  const blocks = Buffer.alloc(Math.max(1, Math.ceil(message.length / BLOCK)) * BLOCK);
  message.copy(blocks);
  if (!isWhole) blocks[message.length] = 0x80;
  return cmacOfBlocks(key, blocks, !isWhole);
}

/**
 * AN10922 §2.2 AES-128 key diversification: CMAC of 0x01 ‖ M where M (1–31 bytes) is always padded to
 * two blocks, so a short M differs from a plain CMAC (whose single block would be padded only to one).
 */
export function diversifyKey(masterKey: Buffer, input: Buffer): Buffer {
  if (input.length < 1 || input.length > 31) throw new RangeError('diversification input must be 1–31 bytes');
  const blocks = Buffer.alloc(2 * BLOCK);
  blocks[0] = 0x01;
  input.copy(blocks, 1);
  const isPadded = input.length < 31;
  if (isPadded) blocks[1 + input.length] = 0x80;
  return cmacOfBlocks(masterKey, blocks, isPadded);
}

/** Tapnet's system identifier in AN10922's M = UID ‖ key number ‖ system identifier. */
const SYSTEM_IDENTIFIER = Buffer.from('Tapnet', 'ascii');
/** NTAG 424 DNA application key numbers: AN12196 suggests key 1 for SDM meta read, key 2 for file read. */
const META_READ_KEY_NUMBER = 1;
const FILE_READ_KEY_NUMBER = 2;

/** A card's two SDM keys, diversified from the issuer key and the tag's UID (14 hex). */
export function diversifyCardKeys(issuerKey: Buffer, uid: string): SunKeys {
  const input = (keyNumber: number) =>
    Buffer.concat([Buffer.from(uid, 'hex'), Buffer.of(keyNumber), SYSTEM_IDENTIFIER]);
  return {
    metaReadKey: diversifyKey(issuerKey, input(META_READ_KEY_NUMBER)),
    fileReadKey: diversifyKey(issuerKey, input(FILE_READ_KEY_NUMBER)),
  };
}

/** AN12196 §3.4.4: the 8 bytes the tag writes as `c`, the odd bytes of CMAC(session key, empty input). */
export function sdmMac(fileReadKey: Buffer, uid: Buffer, counterLittleEndian: Buffer): Buffer {
  const sessionKey = aesCmac(fileReadKey, Buffer.concat([SV2_PREFIX, uid, counterLittleEndian]));
  const full = aesCmac(sessionKey, Buffer.alloc(0));
  return Buffer.from([1, 3, 5, 7, 9, 11, 13, 15].map((index) => full[index] ?? 0));
}

const HEX = /^[0-9A-Fa-f]+$/;

function hexBytes(value: string, length: number): Buffer | null {
  return value.length === length * 2 && HEX.test(value) ? Buffer.from(value, 'hex') : null;
}

/**
 * The tag's UID and counter when `p` decrypts to tag data under these keys and `c` is its MAC; null
 * otherwise (malformed, altered, or another card's). The MAC is compared in constant time.
 */
export function readSunMessage(keys: SunKeys, p: string, c: string): SunReading | null {
  const encrypted = hexBytes(p, BLOCK);
  const mac = hexBytes(c, 8);
  if (!encrypted || !mac) return null;
  const decipher = createDecipheriv('aes-128-cbc', keys.metaReadKey, ZERO_BLOCK).setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
  if (plain[0] !== PICC_DATA_TAG) return null;
  const uid = plain.subarray(1, 8);
  const counter = plain.subarray(8, 11);
  if (!timingSafeEqual(sdmMac(keys.fileReadKey, uid, counter), mac)) return null;
  return { uid: uid.toString('hex').toUpperCase(), counter: counter.readUIntLE(0, 3) };
}
