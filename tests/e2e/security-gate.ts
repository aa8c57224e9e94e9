// Global teardown of the e2e run: no member journey may produce a security event above LOW or a
// block. It signs in as the security operator on the e2e server and reads back every event of this
// run (the CSV export) and every active block; anything it cannot read fails the run, so the check
// never passes silently. Requests a test sends on purpose as attacks carry E2E_ATTACK_MARKER in their
// user agent; operator journeys (paths under /api/admin/ and /api/security/, blocks made by hand) are
// not member journeys.
import type { FullConfig } from '@playwright/test';

export const E2E_ATTACK_MARKER = 'tapnet-e2e-attack';
export const E2E_SECURITY = { email: 'security@tapnet.test', password: 'Security-e2e-Passw0rd' };
/** Set by playwright.config.ts when the run starts: events before it belong to earlier runs. */
export const RUN_STARTED_AT_ENV = 'TAPNET_E2E_STARTED_AT';

const OPERATOR_PATH = /^[A-Z]+ \/api\/(admin|security)\//;
/** How the server describes a block an operator made (server/platform/security, IP_BLOCKED events). */
const MANUAL_BLOCK = /^manual block /;

/** RFC 4180 rows (the export quotes fields with commas, quotes or line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += character;
  }
  return rows;
}

export default async function securityGate(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('security gate: no baseURL in the Playwright config');
  const from = process.env[RUN_STARTED_AT_ENV];
  if (!from) throw new Error(`security gate: ${RUN_STARTED_AT_ENV} is not set`);
  const login = await fetch(`${baseURL}/api/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_SECURITY),
  });
  if (!login.ok) throw new Error(`security gate: operator sign-in failed with ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const to = new Date(Date.now() + 60_000).toISOString();
  const exported = await fetch(
    `${baseURL}/api/security/events/export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    { headers },
  );
  if (!exported.ok) throw new Error(`security gate: events export failed with ${exported.status}`);
  const [header, ...rows] = parseCsv(await exported.text());
  const column = (name: string) => {
    const index = header?.indexOf(name) ?? -1;
    if (index === -1) throw new Error(`security gate: the export has no ${name} column`);
    return index;
  };
  const [type, severity, endpoint, userAgent, matched] = [
    'eventType',
    'severity',
    'endpoint',
    'userAgent',
    'matched',
  ].map(column);
  const offending = rows.filter(
    (row) =>
      row[severity ?? 0] !== 'LOW' &&
      !(row[userAgent ?? 0] ?? '').includes(E2E_ATTACK_MARKER) &&
      !OPERATOR_PATH.test(row[endpoint ?? 0] ?? '') &&
      !MANUAL_BLOCK.test(row[matched ?? 0] ?? '') &&
      row[type ?? 0] !== 'ADMIN_ACTION',
  );
  const blocks = await fetch(`${baseURL}/api/security/blocks`, { headers });
  if (!blocks.ok) throw new Error(`security gate: reading blocks failed with ${blocks.status}`);
  const automatic = ((await blocks.json()) as { ipAddress: string; source: string }[]).filter(
    (block) => block.source === 'automatic',
  );
  if (offending.length > 0 || automatic.length > 0) {
    throw new Error(
      `security gate: member journeys produced events above LOW or blocks:\n${[
        ...offending.map((row) => row.join(',')),
        ...automatic.map((block) => `blocked ${block.ipAddress}`),
      ].join('\n')}`,
    );
  }
  console.log(
    `security gate: ${rows.length} events of this run checked, none above LOW from member journeys`,
  );
}
