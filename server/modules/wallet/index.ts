// The wallet module's face: the member's card as an Apple Wallet pass, when the operator configured the
// pass-signing certificates (docs/configuration.md); otherwise it answers that there is none.
import type { ApiModule } from '../../platform/module';
import { type AppleWalletSigner, loadAppleWalletSigner } from './apple-pass';
import { walletRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    appleWalletSigner: AppleWalletSigner | null;
  }
}

export const walletModule: ApiModule = {
  name: 'wallet',
  onStart: (app) => {
    const { wallet } = app.ctx.config;
    app.decorate('appleWalletSigner', wallet ? loadAppleWalletSigner(wallet) : null);
  },
  routes: async (app) => {
    await app.register(walletRoutes, { signer: app.appleWalletSigner });
  },
};
