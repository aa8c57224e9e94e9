// Expected failures carry a status and the message the client shows; everything else is a plain 500.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '../contract/errors';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

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
      return reply.code(400).send({ error: 'Validation failed', errors } satisfies ErrorResponse);
    }
    if (error instanceof HttpError) {
      // A 5xx we answer on purpose (a mail server down) still needs someone to look at its cause.
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.code(error.statusCode).send({ error: error.message } satisfies ErrorResponse);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message } satisfies ErrorResponse);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Internal server error' } satisfies ErrorResponse);
  });
}
