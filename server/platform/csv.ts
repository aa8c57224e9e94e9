// CSV files people download (card lists, contact exports, analytics and security tables): one writer,
// safe to open in a spreadsheet.
/**
 * A line a spreadsheet would run: one starting with = + - @, also behind spaces, tabs or no-break
 * spaces (OWASP "CSV Injection"). A multi-line cell is checked line by line: a tool that splits lines
 * naively starts a row at each one.
 */
const RUNNABLE_LINE = /^[^\S\r\n]*[=+\-@]/;
/** After each line break (CRLF, LF or a lone CR). */
const LINE_ENDS = /(?<=\n|\r(?!\n))/;
/** Digits, spaces and + - ( ) . only: no letters, so no function call or cell reference to run. */
const NUMBER_LIKE = /^[+\-\d\s().]+$/;

/**
 * Text people typed (a contact's name, notes) gets an apostrophe before each line that would run as a
 * formula, and before a leading tab or carriage return. Phone numbers and coordinates stay as they
 * are: without letters they cannot call anything.
 */
export function formulaSafe(value: string): string {
  if (NUMBER_LIKE.test(value)) return value;
  const safe = value
    .split(LINE_ENDS)
    .map((line) => (RUNNABLE_LINE.test(line) ? `'${line}` : line))
    .join('');
  return /^[\t\r]/.test(safe) ? `'${safe}` : safe;
}

function csvField(value: string): string {
  const safe = formulaSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180: CRLF line ends, fields quoted only when they need it. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
