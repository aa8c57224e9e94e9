// The OpenAPI 3.1 document, generated from the contract's endpoint table (contract/api.ts) with zod's
// own JSON Schema output; nothing here describes an endpoint a second time.
import { z } from 'zod';
import type { ApiArea } from '../../../contract/api';
import type { Endpoint, EndpointAuth } from '../../../contract/endpoint';
import { ERROR_MEANING, ERROR_STATUS, type ErrorCode } from '../../../contract/errors';

type JsonSchema = Record<string, unknown>;

/** OpenAPI writes `{id}` where the router writes `:id`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const SECURITY_SCHEME: Partial<Record<EndpointAuth, string>> = {
  member: 'memberToken',
  admin: 'adminToken',
  security: 'securityToken',
};

/** The endpoint's own codes plus those its declaration implies (a token to check, input to validate). */
export function errorCodesOf(endpoint: Endpoint): ErrorCode[] {
  const implied: ErrorCode[] = [];
  if (SECURITY_SCHEME[endpoint.auth]) implied.push('UNAUTHORIZED', 'TOKEN_INVALID');
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.headers)
    implied.push('VALIDATION_FAILED');
  return [...new Set([...implied, ...endpoint.errors])];
}

function parametersOf(endpoint: Endpoint) {
  const places = [
    ['path', endpoint.params],
    ['query', endpoint.query],
    ['header', endpoint.headers],
  ] as const;
  return places.flatMap(([place, schema]) => {
    if (!schema) return [];
    const { properties = {}, required = [] } = jsonSchemaOf(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    return Object.entries(properties).map(([name, property]) => ({
      name,
      in: place,
      required: place === 'path' || required.includes(name),
      schema: property,
    }));
  });
}

function successResponse(endpoint: Endpoint, schema: z.ZodType) {
  if (schema instanceof z.ZodVoid) return { description: 'No body' };
  const contentType = endpoint.produces ?? 'application/json';
  const body = endpoint.produces ? { type: 'string' } : jsonSchemaOf(schema, 'output');
  return { description: 'Success', content: { [contentType]: { schema: body } } };
}

/** One entry per status, listing the codes that come with it. */
function errorResponses(endpoint: Endpoint) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(endpoint)) {
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      status,
      {
        description: codes.map((code) => `${code}: ${ERROR_MEANING[code]}`).join(' '),
        content: {
          'application/json': {
            schema: {
              allOf: [{ $ref: '#/components/schemas/Error' }, { properties: { code: { enum: codes } } }],
            },
          },
        },
      },
    ]),
  );
}

function operationOf(area: ApiArea, endpoint: Endpoint) {
  const scheme = SECURITY_SCHEME[endpoint.auth];
  const parameters = parametersOf(endpoint);
  return {
    tags: [area.name],
    summary: endpoint.summary,
    ...(scheme ? { security: [{ [scheme]: [] }] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(endpoint.body, 'input') } },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(endpoint.responses).map(([status, schema]) => [
          status,
          successResponse(endpoint, schema),
        ]),
      ),
      ...errorResponses(endpoint),
    },
  };
}

export function buildOpenApiDocument(areas: readonly ApiArea[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const area of areas) {
    for (const endpoint of area.endpoints) {
      const path = openApiPath(endpoint.path);
      paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operationOf(area, endpoint) };
    }
  }
  const bearer = (description: string) => ({
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description,
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tapnet API',
      version: '1',
      description:
        'Every error answer is `{ error, code }` (plus `errors` for validation): `error` is for people, `code` for programs. Any call may also be answered 429 RATE_LIMITED.',
    },
    servers: [{ url: serverUrl }],
    tags: areas.map((area) => ({ name: area.name, description: area.description })),
    paths,
    components: {
      securitySchemes: {
        memberToken: bearer('A member access token (login, verify-email or refresh-token).'),
        adminToken: bearer('A token from POST /api/admin/login.'),
        securityToken: bearer('A token from POST /api/security/login.'),
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'code'],
          properties: {
            error: { type: 'string' },
            code: { enum: Object.keys(ERROR_STATUS) },
            errors: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
