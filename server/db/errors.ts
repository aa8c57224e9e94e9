// Recognises database errors by their SQLSTATE, the same on PostgreSQL and PGlite.
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
