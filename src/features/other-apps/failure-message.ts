// What a failed call says to the member: the server's own words when it refused (a limit reached, an
// address it will not call), else the screen's general message.
import { ApiError } from '../../api/client';

export function failureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === undefined || error.status >= 500) return fallback;
  return error.errors[0] ?? error.message;
}
