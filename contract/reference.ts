// The API's own reference: the OpenAPI document and the page that reads it out.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const OpenApiDocumentEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This API as an OpenAPI 3.1 document, generated from the contract.',
  auth: 'none',
  responses: { 200: z.record(z.string(), z.unknown()) },
  errors: [],
  usesDatabase: false,
});

export const ApiDocsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/docs',
  summary:
    'This API as a readable page: every endpoint with its parameters, bodies, answers and error codes.',
  auth: 'none',
  responses: { 200: z.string() },
  produces: 'text/html',
  errors: [],
  usesDatabase: false,
});

export const referenceEndpoints = [OpenApiDocumentEndpoint, ApiDocsEndpoint];
