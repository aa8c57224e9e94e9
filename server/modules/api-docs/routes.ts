// GET /api/openapi.json and GET /api/docs: the API described, generated once at start from the contract.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiAreas } from '../../../contract/api';
import { ApiDocsEndpoint, OpenApiDocumentEndpoint } from '../../../contract/reference';
import { route } from '../../platform/route';
import { renderDocsPage } from './docs-page';
import { buildOpenApiDocument } from './openapi';

export const apiDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  const document = buildOpenApiDocument(apiAreas, app.ctx.config.publicUrl);
  const page = renderDocsPage(apiAreas);

  route(app, OpenApiDocumentEndpoint, async () => document);

  route(app, ApiDocsEndpoint, async (_, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page),
  );
};
