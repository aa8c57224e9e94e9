// A fast check that rows read back from IndexedDB still have their schema's shape (conventions: validate
// what is read back). zod runs without its JIT under the app's CSP, and parsing 5,000 cached contacts
// with it costs more than the contacts screen's whole first-paint budget (docs/budgets.md); checking the
// primitive types the schema declares, derived from the schema itself, costs a small fraction of that.
import type { z } from 'zod';

type FieldCheck = (value: unknown) => boolean;

/** Plain strings, numbers and booleans, optionally nullable, get a typeof check; anything else its own parser. */
function checkFor(field: z.ZodType): FieldCheck {
  const def = field._zod.def as { type: string; checks?: unknown[]; innerType?: z.ZodType };
  const hasChecks = (def.checks?.length ?? 0) > 0;
  if (def.type === 'string' && !hasChecks) return (value) => typeof value === 'string';
  if (def.type === 'boolean') return (value) => typeof value === 'boolean';
  if (def.type === 'number' && !hasChecks)
    return (value) => typeof value === 'number' && Number.isFinite(value);
  if (def.type === 'nullable' && def.innerType) {
    const inner = checkFor(def.innerType);
    return (value) => value === null || inner(value);
  }
  return (value) => field.safeParse(value).success;
}

/** Whether a row has every field of `schema` with the declared type; extra fields are not looked at. */
export function rowGuard<T>(schema: z.ZodObject): (row: unknown) => row is T {
  const checks = Object.entries(schema.shape).map(
    ([key, field]) => [key, checkFor(field as z.ZodType)] as const,
  );
  return (row: unknown): row is T => {
    if (typeof row !== 'object' || row === null) return false;
    const record = row as Record<string, unknown>;
    return checks.every(([key, check]) => check(record[key]));
  };
}
