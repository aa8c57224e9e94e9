// A member's card as an Apple Wallet pass (issue 26 point 4): a generic pass with their name, role and
// company, and the QR code of their card link, signed with the operator's pass-signing certificate
// (a PKCS#7 detached signature of the pass's manifest; passkit-generator writes both and zips them).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PKPass } from 'passkit-generator';
import type { BusinessCardView } from '../../../contract/card';
import type { Config } from '../../platform/config';

export type WalletConfig = NonNullable<Config['wallet']>;

/** The certificates read once at start: a file that cannot be read stops the server, not a member's tap. */
export interface AppleWalletSigner {
  passTypeId: string;
  teamId: string;
  certificates: { wwdr: Buffer; signerCert: Buffer; signerKey: Buffer; signerKeyPassphrase?: string };
}

export function loadAppleWalletSigner(wallet: WalletConfig): AppleWalletSigner {
  const read = (setting: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new Error(`${setting} (${file}) cannot be read: ${(error as Error).message}`);
    }
  };
  return {
    passTypeId: wallet.passTypeId,
    teamId: wallet.teamId,
    certificates: {
      wwdr: read('WALLET_WWDR_CERT', wallet.wwdrCertFile),
      signerCert: read('WALLET_SIGNER_CERT', wallet.signerCertFile),
      signerKey: read('WALLET_SIGNER_KEY', wallet.signerKeyFile),
      ...(wallet.signerKeyPassphrase ? { signerKeyPassphrase: wallet.signerKeyPassphrase } : {}),
    },
  };
}

/** The app's own icon: Wallet shows it on the lock screen and in notifications. */
const ICON = readFileSync(resolve(import.meta.dirname, '../../../public/icons/icon-192.png'));

type Field = { key: string; label: string; value: string };

function filled(fields: Field[]): Field[] {
  return fields.filter(({ value }) => value.trim() !== '');
}

export function appleWalletPass(
  signer: AppleWalletSigner,
  pass: { userId: string; card: BusinessCardView; cardUrl: string },
): Buffer {
  const { card, cardUrl } = pass;
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: signer.passTypeId,
    teamIdentifier: signer.teamId,
    // One pass per member: adding it again replaces the one in Wallet.
    serialNumber: pass.userId,
    organizationName: 'Tapnet',
    description: `${card.name}'s business card`,
    logoText: 'Tapnet',
    foregroundColor: 'rgb(17, 24, 39)',
    labelColor: 'rgb(75, 85, 99)',
    backgroundColor: 'rgb(255, 255, 255)',
    generic: {
      primaryFields: [{ key: 'name', label: card.pronouns, value: card.name }],
      secondaryFields: filled([
        { key: 'role', label: 'Role', value: card.role },
        { key: 'company', label: 'Company', value: card.company },
      ]),
      backFields: filled([
        { key: 'link', label: 'Card link', value: cardUrl },
        { key: 'email', label: 'E-mail', value: card.email },
        { key: 'phone', label: 'Phone', value: card.phone },
      ]),
    },
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: cardUrl,
        messageEncoding: 'iso-8859-1',
        altText: 'Scan to open my card',
      },
    ],
  };
  return new PKPass(
    {
      'pass.json': Buffer.from(JSON.stringify(passJson)),
      'icon.png': ICON,
      'icon@2x.png': ICON,
      'logo.png': ICON,
    },
    signer.certificates,
  ).getAsBuffer();
}
