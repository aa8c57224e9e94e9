// The card-pages module's face: the public card served ready to read. Without a build (no SSR bundle)
// it registers nothing, and the not-found handler serves the shell, which renders cards in the browser.
import type { ApiModule } from '../../platform/module';
import { type CardPageRenderer, loadCardPageRenderer } from './renderer';
import { cardPageRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    cardPageRenderer: CardPageRenderer | null;
  }
}

export const cardPagesModule: ApiModule = {
  name: 'card-pages',
  onStart: async (app) => {
    const { staticDir, ssrDir } = app.ctx.config;
    app.decorate('cardPageRenderer', await loadCardPageRenderer(staticDir, ssrDir));
  },
  routes: async (app) => {
    const renderer = app.cardPageRenderer;
    if (renderer) await app.register(cardPageRoutes, { render: renderer.render });
  },
  pageSources: ({ cardPageRenderer }) =>
    cardPageRenderer
      ? { scripts: [cardPageRenderer.scriptSource], styles: [cardPageRenderer.styleSource] }
      : {},
};
