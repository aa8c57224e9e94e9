// The member's card in Apple Wallet (issue 26 point 4): whether this server makes passes, and the pass.
import { AppleWalletPassEndpoint, type WalletOptions, WalletOptionsEndpoint } from '../../contract/wallet';
import { callEndpoint, callForBytes } from './client';
import type { DownloadedFile } from './downloaded-file';

export function fetchWalletOptions(): Promise<WalletOptions> {
  return callEndpoint(WalletOptionsEndpoint);
}

export async function downloadAppleWalletPass(): Promise<DownloadedFile> {
  const { value } = await callForBytes(AppleWalletPassEndpoint);
  return { blob: value, fileName: 'tapnet-card.pkpass' };
}
