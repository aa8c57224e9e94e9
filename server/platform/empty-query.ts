// A route's query check answered once for an empty query: the same schema gives an empty query the
// same answer every time, and an open app's poll (GET /api/contact, most of the server's traffic)
// sends none. The zod check it skips was a twentieth of a poll's CPU (docs/budgets.md).
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

function isEmpty(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  for (const _ in value) return false;
  return true;
}

/**
 * Wraps `compile`: a query validator remembers its answer for an empty query when that answer is an
 * empty object (nothing filled in by defaults that a handler might change), and gives a new one each time.
 */
export function answeringEmptyQueriesOnce(
  compile: FastifySchemaCompiler<z.ZodType>,
): FastifySchemaCompiler<z.ZodType> {
  return (route) => {
    const validate = compile(route);
    if (route.httpPart !== 'querystring') return validate;
    let isEmptyValid: boolean | undefined;
    return (data: unknown) => {
      if (isEmptyValid === true && isEmpty(data)) return { value: {} };
      const result = validate(data);
      if (isEmptyValid === undefined && isEmpty(data)) {
        // The zod compiler answers an object: `value` when valid, `error` when not.
        isEmptyValid = typeof result === 'object' && 'value' in result && isEmpty(result.value);
      }
      return result;
    };
  };
}
