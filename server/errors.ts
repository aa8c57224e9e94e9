// Expected failures carry a status and the message the client shows; everything else is a plain 500.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '../contract/errors';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
}

/** Turns zod's terse type errors into sentences a person can act on. */
function describeIssue(issue: ValidationIssue): string {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = issue.message ?? 'is invalid';
  if (issue.keyword === 'invalid_type') {
    if (!field) return 'Request body must be a JSON object';
    return message.includes('received undefined') ? `${field} is required` : `${field} is invalid`;
  }
  if (issue.keyword === 'unrecognized_keys') return message;
  return message;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = [...new Set((error.validation as ValidationIssue[]).map(describeIssue))];
      return reply.code(400).send({ error: 'Validation failed', errors } satisfies ErrorResponse);
    }
    if (error instanceof HttpError) {
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
