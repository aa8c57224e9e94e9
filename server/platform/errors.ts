// Expected failures carry a status and the message the client shows; everything else is a plain 500.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorCode, type ErrorResponse } from '../../contract/errors';
import { isDatabaseUnavailable } from './db/errors';

/** An expected failure: its code (which fixes the status) and the spec's message. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** VERSION_CONFLICT: the value as it is now, and when its refused field changed (contract/versions.ts). */
  readonly conflict: Pick<ErrorResponse, 'current' | 'changedAt'> | undefined;
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: ErrorOptions & { conflict?: Pick<ErrorResponse, 'current' | 'changedAt'> },
  ) {
    super(message, options);
    this.statusCode = ERROR_STATUS[code];
    this.conflict = options?.conflict;
  }
}

/** Fastify's own refusals (its plugins' too) get the code of their status. */
const CODE_OF_FASTIFY_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
}

function valueAt(input: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (value, key) =>
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined,
    input,
  );
}

/** Turns zod's terse type errors into sentences a person can act on; our own messages pass through. */
function describeIssue(issue: ValidationIssue, input: unknown): string {
  const path = issue.instancePath.split('/').filter(Boolean);
  if (path.length > 0 && valueAt(input, path) === undefined) return `${path.join('.')} is required`;
  if (issue.keyword !== 'invalid_type') return issue.message ?? 'Invalid value';
  return path.length > 0 ? `${path.join('.')} is invalid` : 'Request body must be a JSON object';
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const inputs: Record<string, unknown> = {
        params: request.params,
        querystring: request.query,
        headers: request.headers,
      };
      const input = inputs[error.validationContext ?? 'body'] ?? request.body;
      const issues = error.validation as ValidationIssue[];
      const errors = [...new Set(issues.map((issue) => describeIssue(issue, input)))];
      return reply.code(400).send({
        error: 'Validation failed',
        code: 'VALIDATION_FAILED',
        errors,
        requestId: request.id,
      } satisfies ErrorResponse);
    }
    if (error instanceof HttpError) {
      // A 5xx we answer on purpose (a mail server down) still needs someone to look at its cause.
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.code(error.statusCode).send({
        error: error.message,
        code: error.code,
        requestId: request.id,
        ...error.conflict,
      } satisfies ErrorResponse);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_OF_FASTIFY_STATUS[status] ?? 'BAD_REQUEST';
      return reply
        .code(status)
        .send({ error: error.message, code, requestId: request.id } satisfies ErrorResponse);
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug to chase but an outage: one warning line, and an answer the client can retry on.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({
          error: 'Tapnet cannot reach its database right now. Please try again in a few seconds.',
          code: 'DATABASE_UNAVAILABLE',
          requestId: request.id,
        } satisfies ErrorResponse);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({
      error: 'Internal server error',
      code: 'INTERNAL_ERROR',
      requestId: request.id,
    } satisfies ErrorResponse);
  });
}
