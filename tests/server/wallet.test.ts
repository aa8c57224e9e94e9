// The member's card as an Apple Wallet pass (issue 26 point 4). The pass-signing chain is made here with
// openssl: a stand-in for Apple's WWDR certificate signs the pass-type certificate, whose key has a
// passphrase, as an operator's would. The .pkpass is unzipped and checked as Wallet checks it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config';
import {
  bearer,
  businessCard,
  createMemberWithCard,
  describeOnEachDatabase,
  json,
  PUBLIC_URL,
} from './helpers';

const PASSPHRASE = 'Wallet-Key-Passphrase';
const PASS_TYPE_ID = 'pass.test.tapnet.card';
const TEAM_ID = 'TEAMID1234';

/** A throwaway chain: WWDR stand-in (self-signed) → pass-type certificate, its key under a passphrase. */
function makeSigningChain(): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'tapnet-wallet-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('wwdr.key'),
    '-out',
    file('wwdr.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=Test WWDR Stand-in',
  );
  openssl('genrsa', '-out', file('plain.key'), '2048');
  openssl(
    'rsa',
    '-in',
    file('plain.key'),
    '-aes256',
    '-traditional',
    '-passout',
    `pass:${PASSPHRASE}`,
    '-out',
    file('signer.key'),
  );
  openssl(
    'req',
    '-new',
    '-key',
    file('plain.key'),
    '-out',
    file('signer.csr'),
    '-subj',
    `/UID=${PASS_TYPE_ID}/CN=Pass Type ID: ${PASS_TYPE_ID}/OU=${TEAM_ID}`,
  );
  openssl(
    'x509',
    '-req',
    '-in',
    file('signer.csr'),
    '-CA',
    file('wwdr.pem'),
    '-CAkey',
    file('wwdr.key'),
    '-CAcreateserial',
    '-days',
    '1',
    '-out',
    file('signer.pem'),
  );
  return {
    WALLET_PASS_TYPE_ID: PASS_TYPE_ID,
    WALLET_TEAM_ID: TEAM_ID,
    WALLET_SIGNER_CERT: file('signer.pem'),
    WALLET_SIGNER_KEY: file('signer.key'),
    WALLET_SIGNER_KEY_PASSPHRASE: PASSPHRASE,
    WALLET_WWDR_CERT: file('wwdr.pem'),
  };
}

const WALLET_ENV = makeSigningChain();

function unzip(pkpass: Buffer): { dir: string; files: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'tapnet-pkpass-'));
  writeFileSync(join(dir, 'card.pkpass'), pkpass);
  execFileSync('unzip', ['-q', join(dir, 'card.pkpass'), '-d', join(dir, 'pass')]);
  return { dir: join(dir, 'pass'), files: readdirSync(join(dir, 'pass')).sort() };
}

/** Checks `signature` as a detached PKCS#7 signature over `manifest.json` (the chain is not checked: -noverify). */
function verifySignature(dir: string): void {
  execFileSync(
    'openssl',
    [
      'smime',
      '-verify',
      '-binary',
      '-noverify',
      '-inform',
      'DER',
      '-in',
      join(dir, 'signature'),
      '-content',
      join(dir, 'manifest.json'),
      '-out',
      join(dir, 'verified'),
    ],
    { stdio: 'pipe' },
  );
}

describeOnEachDatabase(
  'the Apple Wallet pass with certificates',
  (t) => {
    it('is offered, and is a signed pass of the member’s card with the QR code of their card link', async () => {
      const options = await t().app.inject({ method: 'GET', url: '/api/wallet' });
      expect(json(options)).toEqual({ appleWallet: true });

      const member = await createMemberWithCard(t(), { name: 'Nina NoCard', role: 'Designer' });
      const answer = await t().app.inject({
        method: 'GET',
        url: '/api/user/card/wallet-pass',
        headers: bearer(member.accessToken),
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/vnd.apple.pkpass');
      const { dir, files } = unzip(answer.rawPayload);
      expect(files).toEqual([
        'icon.png',
        'icon@2x.png',
        'logo.png',
        'manifest.json',
        'pass.json',
        'signature',
      ]);

      const cardUrl = `${PUBLIC_URL}/c/${member.cardHandle}?src=qr`;
      const pass = JSON.parse(readFileSync(join(dir, 'pass.json'), 'utf8'));
      expect(pass).toMatchObject({
        formatVersion: 1,
        passTypeIdentifier: PASS_TYPE_ID,
        teamIdentifier: TEAM_ID,
        organizationName: 'Tapnet',
        generic: {
          primaryFields: [{ key: 'name', value: 'Nina NoCard' }],
          secondaryFields: [
            { key: 'role', label: 'Role', value: 'Designer' },
            { key: 'company', label: 'Company', value: businessCard.company },
          ],
        },
      });
      expect(pass.barcodes).toEqual([
        expect.objectContaining({ format: 'PKBarcodeFormatQR', message: cardUrl }),
      ]);

      // Every file but the manifest and its signature is in the manifest, by its SHA-1.
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      const sha1 = (name: string) =>
        createHash('sha1')
          .update(readFileSync(join(dir, name)))
          .digest('hex');
      expect(manifest).toEqual(
        Object.fromEntries(
          files
            .filter((name) => !['manifest.json', 'signature'].includes(name))
            .map((name) => [name, sha1(name)]),
        ),
      );

      // The signature is a detached PKCS#7 signature over the manifest, by the pass-type certificate.
      verifySignature(dir);
      expect(readFileSync(join(dir, 'verified'), 'utf8')).toBe(
        readFileSync(join(dir, 'manifest.json'), 'utf8'),
      );
      const signers = execFileSync(
        'openssl',
        ['pkcs7', '-inform', 'DER', '-in', join(dir, 'signature'), '-print_certs'],
        {
          encoding: 'utf8',
        },
      );
      expect(signers).toContain(`Pass Type ID: ${PASS_TYPE_ID}`);
      expect(signers).toContain('Test WWDR Stand-in');

      // A manifest changed after signing no longer verifies: the check above can fail.
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, 'pass.json': '0'.repeat(40) }));
      expect(() => verifySignature(dir)).toThrow();
    });

    it('is only ever the caller’s own card: it takes no card key, and needs a signed-in member', async () => {
      const anonymous = await t().app.inject({ method: 'GET', url: '/api/user/card/wallet-pass' });
      expect(anonymous.statusCode).toBe(401);
    });
  },
  WALLET_ENV,
);

describeOnEachDatabase('the Apple Wallet pass without certificates', (t) => {
  it('is not offered, and a member asking for one gets 404', async () => {
    expect(json(await t().app.inject({ method: 'GET', url: '/api/wallet' }))).toEqual({ appleWallet: false });
    const member = await createMemberWithCard(t());
    const answer = await t().app.inject({
      method: 'GET',
      url: '/api/user/card/wallet-pass',
      headers: bearer(member.accessToken),
    });
    expect(answer.statusCode).toBe(404);
    expect(json(answer)).toEqual({
      code: 'WALLET_PASSES_OFF',
      error: 'Apple Wallet passes are not available on this server.',
    });
  });
});

describe('the Wallet settings', () => {
  it('refuse to start with only some of them set, naming those missing', () => {
    const { WALLET_PASS_TYPE_ID, WALLET_SIGNER_CERT } = WALLET_ENV;
    expect(() => readConfig({ WALLET_PASS_TYPE_ID, WALLET_SIGNER_CERT })).toThrow(
      'Apple Wallet passes need all of WALLET_PASS_TYPE_ID, WALLET_TEAM_ID, WALLET_SIGNER_CERT, WALLET_SIGNER_KEY, WALLET_WWDR_CERT, or none; missing: WALLET_TEAM_ID, WALLET_SIGNER_KEY, WALLET_WWDR_CERT',
    );
    expect(readConfig({}).wallet).toBeUndefined();
    expect(readConfig(WALLET_ENV).wallet).toMatchObject({ passTypeId: PASS_TYPE_ID, teamId: TEAM_ID });
  });
});
