// The served OpenAPI document as a judge of real answers: is the status listed for the operation, and
// does the body match the schema listed for that status (error codes included, through their enums)?

import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { openApiPath } from '../../../server/modules/api-docs/openapi';

type JsonSchema = Record<string, unknown>;

interface MediaType {
  schema: JsonSchema;
  examples?: Record<string, { value: unknown }>;
}

export interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': MediaType } };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** A JSON Pointer (RFC 6901) as a URI fragment. */
const pointer = (...tokens: string[]) =>
  tokens.map((token) => encodeURIComponent(token.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

export class DocumentJudge {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    // Responses refer to #/components/…: the document itself is the schema they resolve in.
    this.ajv.addSchema(document as unknown as JsonSchema, 'openapi');
  }

  operation(method: string, contractPath: string): Operation | undefined {
    return this.document.paths[openApiPath(contractPath)]?.[method.toLowerCase()];
  }

  /** Validates `value` against the schema at this place of the document; the problems, if any. */
  validate(value: unknown, ...at: string[]): string[] {
    const ref = `openapi#/${pointer(...at)}`;
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message}`);
  }

  /** Why this answer to `method contractPath` is not what the document says; empty when it is. */
  problemsWith(method: string, contractPath: string, response: LightMyRequestResponse): string[] {
    const path = openApiPath(contractPath);
    const operation = this.operation(method, contractPath);
    if (!operation) return [`${method} ${path} is not documented`];
    const status = String(response.statusCode);
    const documented = operation.responses[status];
    if (!documented) return [`status ${status} is not documented (${response.body.slice(0, 200)})`];
    const contentType = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
    const media = documented.content;
    if (!media) return response.body === '' ? [] : [`status ${status} is documented without a body`];
    if (!media[contentType]) return [`content type "${contentType}" is not documented for ${status}`];
    // HEAD answers GET's headers without its body.
    if (contentType !== 'application/json' || response.body === '') return [];
    return this.validate(
      response.json(),
      'paths',
      path,
      method.toLowerCase(),
      'responses',
      status,
      'content',
      contentType,
      'schema',
    ).map((problem) => `${status}: ${problem} (${response.body.slice(0, 200)})`);
  }
}
