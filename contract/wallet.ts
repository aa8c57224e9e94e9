// The member's card in Apple Wallet (issue 26 point 4): a pass with the QR code of their card link,
// offered only when the operator configured pass-signing certificates (docs/configuration.md).
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const WalletOptionsSchema = z.object({
  /** Whether this server signs Apple Wallet passes; without it the option is not shown. */
  appleWallet: z.boolean(),
});
export type WalletOptions = z.infer<typeof WalletOptionsSchema>;

export const WalletOptionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/wallet',
  summary:
    'Which wallet passes this server can make of a member’s card (Apple Wallet needs its certificates).',
  auth: 'none',
  responses: { 200: WalletOptionsSchema },
  errors: [],
  usesDatabase: false,
});

export const WALLET_PASS_TYPE = 'application/vnd.apple.pkpass';

export const AppleWalletPassEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/user/card/wallet-pass',
  summary:
    'The signed member’s own card as an Apple Wallet pass (.pkpass): name, role, company and the QR code of their card link.',
  auth: 'member',
  responses: { 200: z.string() },
  produces: WALLET_PASS_TYPE,
  errors: ['WALLET_PASSES_OFF', 'ACCOUNT_NOT_FOUND', 'RATE_LIMITED'],
});

export const walletEndpoints = [WalletOptionsEndpoint, AppleWalletPassEndpoint];
