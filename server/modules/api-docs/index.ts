// The api-docs module's face: the API described (/api/openapi.json, /api/docs), from the contract.
import type { ApiModule } from '../../platform/module';
import { DOCS_STYLE_SOURCE } from './docs-page';
import { apiDocsRoutes } from './routes';

export const apiDocsModule: ApiModule = {
  name: 'api-docs',
  routes: apiDocsRoutes,
  pageSources: () => ({ styles: [DOCS_STYLE_SOURCE] }),
};
