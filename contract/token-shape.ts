// The shape of a token, in a file without zod: the public card page checks stored tokens with it, and
// zod would more than double that page's first script (docs/budgets.md, public card page).

/** Three non-empty dot-separated parts (spec §5 "Token well-formed"). */
export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && value.split('.').length === 3 && value.split('.').every(Boolean);
}
