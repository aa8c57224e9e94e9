// The cryptography of secure cards against the standards' published examples (RFC 4493, NXP AN12196,
// NXP AN10922), then round trips of taps a simulated tag writes with random keys and counters.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CardKeyVault } from '../../server/modules/cards/card-key-vault';
import { sdmOffsets, secureCardUrl } from '../../server/modules/cards/secure-cards';
import { aesCmac, diversifyCardKeys, diversifyKey, readSunMessage } from '../../server/modules/cards/sun';
import { randomKeys, sunMessage } from '../support/tag-simulator';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

describe('AES-CMAC', () => {
  // RFC 4493 §4: the key and the four messages (0, 16, 40 and 64 bytes) with their MACs.
  const key = hex('2b7e1516 28aed2a6 abf71588 09cf4f3c');
  const message = hex(`6bc1bee2 2e409f96 e93d7e11 7393172a ae2d8a57 1e03ac9c 9eb76fac 45af8e51
    30c81c46 a35ce411 e5fbc119 1a0a52ef f69f2445 df4f9b17 ad2b417b e66c3710`);
  it.each([
    [0, 'bb1d6929 e9593728 7fa37d12 9b756746'],
    [16, '070a16b4 6b4d4144 f79bdd9d d04a287c'],
    [40, 'dfa66747 de9ae630 30ca3261 1497c827'],
    [64, '51f0bebf 7e3b9d92 fc497417 79363cfe'],
  ])('gives RFC 4493 example MAC for a %i-byte message', (length, mac) => {
    expect(aesCmac(key, message.subarray(0, length))).toEqual(hex(mac));
  });
});

describe('key diversification', () => {
  it('gives AN10922 §2.2.1 example key (AES-128, UID ‖ AID ‖ system identifier)', () => {
    const master = hex('00112233445566778899AABBCCDDEEFF');
    const input = hex('04782E21801D80 3042F5 4E585020416275');
    expect(diversifyKey(master, input)).toEqual(hex('A8DD63A3B89D54B37CA802473FDA9175'));
  });

  it('gives each card and each key number its own key', () => {
    const issuer = randomBytes(16);
    const first = diversifyCardKeys(issuer, '04A1B2C3D4E5F6');
    const second = diversifyCardKeys(issuer, '04A1B2C3D4E5F7');
    expect(first.metaReadKey).not.toEqual(first.fileReadKey);
    expect(first.metaReadKey).not.toEqual(second.metaReadKey);
    expect(diversifyCardKeys(issuer, '04A1B2C3D4E5F6')).toEqual(first);
  });
});

describe('a tap of NTAG 424 DNA', () => {
  // AN12196 §3.4 (Table 2 and Table 4), also in nfc-developer/sdm-backend tests/test_libsdm.py
  // (test_sun1): the factory's all-zero keys; the tag data decrypts to C7 04DE5F1EACC040 3D0000 DA5CF60941.
  const zeroKeys = { metaReadKey: Buffer.alloc(16), fileReadKey: Buffer.alloc(16) };
  const published = { p: 'EF963FF7828658A599F3041510671E88', c: '94EED9EE65337086' };

  it('verifies AN12196’s published example: UID 04DE5F1EACC040, counter 61', () => {
    expect(readSunMessage(zeroKeys, published.p, published.c)).toEqual({
      uid: '04DE5F1EACC040',
      counter: 61,
    });
    expect(readSunMessage(zeroKeys, published.p.toLowerCase(), published.c.toLowerCase())).toEqual({
      uid: '04DE5F1EACC040',
      counter: 61,
    });
  });

  it('has the simulated tag write AN12196’s example from its UID, counter and random bytes', () => {
    expect(sunMessage(zeroKeys, '04DE5F1EACC040', 61, hex('DA5CF60941'))).toEqual(published);
  });

  it('refuses a tampered MAC, tampered tag data, malformed values and other keys', () => {
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${((Number.parseInt(text[at] ?? '0', 16) + 1) % 16).toString(16).toUpperCase()}${text.slice(at + 1)}`;
    expect(readSunMessage(zeroKeys, published.p, flip(published.c, 15))).toBeNull();
    expect(readSunMessage(zeroKeys, flip(published.p, 0), published.c)).toBeNull();
    expect(readSunMessage(zeroKeys, flip(published.p, 31), published.c)).toBeNull();
    expect(readSunMessage(zeroKeys, published.p.slice(2), published.c)).toBeNull();
    expect(readSunMessage(zeroKeys, published.p, `${published.c}00`)).toBeNull();
    expect(readSunMessage(zeroKeys, published.p.replace('E', 'G'), published.c)).toBeNull();
    expect(readSunMessage(randomKeys(), published.p, published.c)).toBeNull();
  });

  it('reads back every tap a tag writes with random keys, UID and counter, and no other card’s', () => {
    const keysArbitrary = fc
      .tuple(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.uint8Array({ minLength: 16, maxLength: 16 }))
      .map(([meta, file]) => ({ metaReadKey: Buffer.from(meta), fileReadKey: Buffer.from(file) }));
    const uidArbitrary = fc
      .uint8Array({ minLength: 7, maxLength: 7 })
      .map((bytes) => Buffer.from(bytes).toString('hex').toUpperCase());
    fc.assert(
      fc.property(
        keysArbitrary,
        keysArbitrary,
        uidArbitrary,
        fc.integer({ min: 0, max: 0xffffff }),
        (keys, otherKeys, uid, counter) => {
          const tap = sunMessage(keys, uid, counter);
          expect(readSunMessage(keys, tap.p, tap.c)).toEqual({ uid, counter });
          expect(readSunMessage({ ...keys, fileReadKey: otherKeys.fileReadKey }, tap.p, tap.c)).toBeNull();
          expect(readSunMessage({ ...keys, metaReadKey: otherKeys.metaReadKey }, tap.p, tap.c)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the keys at rest', () => {
  const secret = 'a secret of at least thirty-two characters';

  it('open under the secret and the card they were sealed for, and no other', () => {
    const keys = randomKeys();
    const vault = new CardKeyVault(secret);
    const sealed = vault.seal('card-1', keys);
    expect(sealed).not.toContain(keys.metaReadKey.toString('hex'));
    expect(sealed).not.toContain(keys.fileReadKey.toString('base64url'));
    expect(vault.open('card-1', sealed)).toEqual(keys);
    expect(() => vault.open('card-2', sealed)).toThrow();
    expect(() => new CardKeyVault(`${secret}!`).open('card-1', sealed)).toThrow();
    expect(JSON.stringify({ vault })).not.toContain(secret);
  });
});

describe('the encoder’s offsets', () => {
  it('put p and c where AN12196 §3.3 puts them for its example URL', () => {
    // "https://choose.url.com/ntag424?e=…&c=…": PICCDataOffset 0x20 in the NDEF file.
    const url = `https://choose.url.com/ntag424?p=${'0'.repeat(32)}&c=${'0'.repeat(16)}`;
    expect(sdmOffsets(url).piccDataOffset).toBe(0x20);
    expect(sdmOffsets(url).sdmMacOffset).toBe(0x20 + 32 + 3);
  });

  it('point at the placeholders of a card’s tap URL', () => {
    const url = secureCardUrl('https://tapnet.example', `${'a'.repeat(40)}-7`);
    const { piccDataOffset, sdmMacOffset, sdmMacInputOffset } = sdmOffsets(url);
    const file = `xxxxxxx${url.slice('https://'.length)}`;
    expect(file.slice(piccDataOffset - 2, piccDataOffset + 32)).toBe(`p=${'0'.repeat(32)}`);
    expect(file.slice(sdmMacOffset - 2, sdmMacOffset + 16)).toBe(`c=${'0'.repeat(16)}`);
    expect(sdmMacInputOffset).toBe(sdmMacOffset);
  });
});
