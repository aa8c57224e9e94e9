// Recognises database errors by their SQLSTATE, the same on PostgreSQL and PGlite.
export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === '23505';
}

/** Socket errors of a lost server, and pg's own words when a connection dies or cannot be made. */
const UNREACHABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/**
 * The database is not there (restarting, shutting down, unreachable), as opposed to a query it refused:
 * SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, crash, cannot connect now).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (code && (code.startsWith('08') || /^57P0[1-3]$/.test(code) || UNREACHABLE_ERRNOS.has(code)))
    return true;
  return error instanceof Error && UNREACHABLE_MESSAGES.test(error.message);
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
