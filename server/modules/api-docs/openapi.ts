// The OpenAPI 3.1 document, generated from the contract's endpoint table (contract/api.ts) with zod's
// own JSON Schema output; nothing here describes an endpoint a second time.
import { z } from 'zod';
import type { ApiArea } from '../../../contract/api';
import { type Endpoint, type EndpointAuth, errorCodesOf } from '../../../contract/endpoint';
import { ERROR_MEANING, ERROR_STATUS, type ErrorCode } from '../../../contract/errors';

type JsonSchema = Record<string, unknown>;

/** OpenAPI writes `{id}` where the router writes `:id`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * What zod writes for a request part's input leaves out what a pipe checks after trimming (an e-mail
 * address, an IP address): the document adds the checking side's constraints, so it refuses what
 * the validator refuses.
 */
function describeChecks({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }) {
  const { def } = zodSchema._zod;
  if (def.type === 'pipe' && 'out' in def && jsonSchema.type === 'string') {
    const { $schema: _dialect, type, ...checks } = z.toJSONSchema(def.out as z.ZodType, { io: 'input' });
    if (type === undefined || type === 'string') Object.assign(jsonSchema, checks);
  }
}

/** Formats JSON Schema 2020-12 defines; zod's own names (starts_with, cidrv4) leave their pattern to say it. */
const STANDARD_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'ipv4',
  'ipv6',
  'uri',
  'uuid',
]);

function withStandardFormats(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withStandardFormats);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => key !== 'format' || typeof item !== 'string' || STANDARD_FORMATS.has(item))
      .map(([key, item]) => [key, withStandardFormats(item)]),
  );
}

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: describeChecks,
  });
  return withStandardFormats(rest) as JsonSchema;
}

const SECURITY_SCHEME: Partial<Record<EndpointAuth, string>> = {
  member: 'memberToken',
  admin: 'adminToken',
  security: 'securityToken',
};

/** An answer with `code`, as the server writes it (its text here is the code's meaning). */
function errorExample(code: ErrorCode) {
  return {
    summary: code,
    value: {
      error: ERROR_MEANING[code],
      code,
      ...(code === 'VALIDATION_FAILED' ? { errors: ['email is required'] } : {}),
      requestId: '0b9a4c1e-5f43-4f6a-9d55-2f0a1c7e8b21',
    },
  };
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
            examples: Object.fromEntries(codes.map((code) => [code, errorExample(code)])),
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
    responses: responsesOf(endpoint),
  };
}

/** Declared answers and error answers by status; one status may have both (an unsubscribe page's 404 in HTML, a probe's in JSON). */
function responsesOf(endpoint: Endpoint) {
  const responses: Record<string, { description: string; content?: Record<string, unknown> }> = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) {
    responses[status] = successResponse(endpoint, schema);
  }
  for (const [status, answer] of Object.entries(errorResponses(endpoint))) {
    const declared = responses[status];
    responses[status] = declared
      ? {
          description: `${declared.description}. ${answer.description}`,
          content: { ...declared.content, ...answer.content },
        }
      : answer;
  }
  return responses;
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
        'Every error answer is `{ error, code, requestId }` (plus `errors` for validation): `error` is for people, `code` for programs. Each operation lists every status and code it can answer, those of the platform included: any call may meet 400 BAD_REQUEST (a URL that cannot be decoded), 403 ADDRESS_BLOCKED and 404 NOT_FOUND (a URL shaped like a probe, such as one holding %00); calls with a body 400 BAD_REQUEST (malformed JSON), 413 PAYLOAD_TOO_LARGE and 415 UNSUPPORTED_MEDIA_TYPE; calls with input 400 VALIDATION_FAILED; calls with a token 401 UNAUTHORIZED and TOKEN_INVALID; calls that use the database 503 DATABASE_UNAVAILABLE (retry after Retry-After). A path called with a method it does not take is answered 405 METHOD_NOT_ALLOWED with an Allow header. A 500 INTERNAL_ERROR is a bug.',
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
            error: { type: 'string', description: 'For people: the spec’s wording.' },
            code: { enum: Object.keys(ERROR_STATUS), description: 'For programs.' },
            errors: {
              type: 'array',
              items: { type: 'string' },
              description: 'VALIDATION_FAILED only: what was wrong, one line each.',
            },
            requestId: {
              type: 'string',
              description:
                'Also in X-Request-Id and on every log line (absent from a replayed Idempotency-Key answer).',
            },
            current: { description: 'VERSION_CONFLICT only: the value as it is now (contract/versions.ts).' },
            changedAt: {
              type: ['string', 'null'],
              description: 'VERSION_CONFLICT only: when the refused field last changed, when known.',
            },
          },
          additionalProperties: false,
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
