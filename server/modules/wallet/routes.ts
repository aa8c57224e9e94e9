// /api/wallet (what the server offers) and /api/user/card/wallet-pass (the member's own card as a pass).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardLinkPath, withCardSource } from '../../../contract/card-paths';
import { AppleWalletPassEndpoint, WALLET_PASS_TYPE, WalletOptionsEndpoint } from '../../../contract/wallet';
import { HttpError } from '../../platform/errors';
import { memberOf } from '../../platform/guards';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { EMPTY_CARD, fromBusinessCardColumns } from '../cards';
import { findAccount } from '../user';
import { type AppleWalletSigner, appleWalletPass } from './apple-pass';

export const walletMessages = {
  off: 'Apple Wallet passes are not available on this server.',
  accountNotFound: 'Account not found',
} as const;

export const walletRoutes: FastifyPluginAsyncZod<{ signer: AppleWalletSigner | null }> = async (
  app,
  { signer },
) => {
  route(app, WalletOptionsEndpoint, async () => ({ appleWallet: signer !== null }));

  route(
    app,
    AppleWalletPassEndpoint,
    async (request, reply) => {
      if (!signer) throw new HttpError('WALLET_PASSES_OFF', walletMessages.off);
      const { userId } = memberOf(request);
      const account = await findAccount(app.ctx.db, userId);
      if (!account?.card_handle) throw new HttpError('ACCOUNT_NOT_FOUND', walletMessages.accountNotFound);
      const card = fromBusinessCardColumns(account) ?? {
        ...EMPTY_CARD,
        name: account.name,
        email: account.email,
      };
      const cardUrl = withCardSource(`${app.ctx.config.publicUrl}${cardLinkPath(account.card_handle)}`, 'qr');
      return reply
        .header('Content-Type', WALLET_PASS_TYPE)
        .header('Content-Disposition', 'attachment; filename="tapnet-card.pkpass"')
        .header('Cache-Control', 'no-store')
        .send(
          appleWalletPass(signer, { userId, card: { ...card, name: card.name || account.name }, cardUrl }),
        );
    },
    // A file, not JSON. Signing is a few milliseconds of CPU: a member adds their pass now and then.
    { config: perMinute(10), isResponseChecked: false },
  );
};
