// Every request part a route declares (body, params, query) is refused when a string in it holds a
// NUL byte: PostgreSQL rejects it on insert, which would otherwise surface as a 500 after the fact.
// One wrapper around the validator covers every route, present and future.
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { NUL_CHARACTER_MESSAGE, pathsOfTextWithNul } from '../../contract/fields';

export function refusingNul(compile: FastifySchemaCompiler<z.ZodType>): FastifySchemaCompiler<z.ZodType> {
  return (route) =>
    compile({
      ...route,
      schema: route.schema.superRefine((value, context) => {
        for (const path of pathsOfTextWithNul(value)) {
          context.addIssue({ code: 'custom', path, message: NUL_CHARACTER_MESSAGE });
        }
      }),
    });
}
