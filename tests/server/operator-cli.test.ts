// `npm run operator` while the server runs (issue 30 point 4): an operator added from the command line
// signs in; one who lost their second factor has it removed and their sessions ended, and signs in with
// the password alone. On PGlite the command hands itself to the running server through DATA_DIR; on
// PostgreSQL it writes the database and the server refuses the ended session on the database's notice.
// A real server process and the real command, both as child processes.
import { describe, expect, it } from 'vitest';
import { totpCode, totpStepAt } from '../../server/modules/operators/totp';
import { runCommand } from '../support/run-command';
import { type ServerProcess, waitFor } from '../support/server-process';
import { runningServerPerBlock } from './running-server';

const adminUrl = process.env.TEST_DATABASE_URL;
const PROCESS_TEST_TIMEOUT_MS = 240_000;
const OPERATOR = { email: 'night-shift@tapnet.test', password: 'Night-Shift-Passw0rd' };

function operatorCommand(env: Record<string, string>, ...args: string[]) {
  return runCommand('server/cli/operator.ts', { OPERATOR_PASSWORD: OPERATOR.password, ...env }, args);
}

async function post(server: ServerProcess, path: string, body: object, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

async function sessionStatus(server: ServerProcess, token: string): Promise<number> {
  const response = await fetch(`${server.url}/api/security/session`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status;
}

/** Adds the operator, signs them in, sets up their authenticator app; answers the token signed in with it. */
async function addOperatorWithFactor(server: ServerProcess, env: Record<string, string>): Promise<string> {
  const added = await operatorCommand(env, 'add', 'security', OPERATOR.email);
  expect(added.stdout).toContain(`${OPERATOR.email} can sign in at /security now.`);
  expect(added.exitCode).toBe(0);
  const login = await post(server, '/api/security/login', OPERATOR);
  expect(login.status).toBe(200);
  const token = login.body.token ?? '';
  const started = await post(server, '/api/security/second-factor/enrolment', {}, token);
  const code = totpCode(started.body.secret ?? '', totpStepAt(Date.now()));
  const confirmed = await post(server, '/api/security/second-factor/enrolment/confirm', { code }, token);
  expect(confirmed.status).toBe(200);
  expect((await post(server, '/api/security/login', OPERATOR)).body).toHaveProperty('secondFactorToken');
  return confirmed.body.token ?? '';
}

async function expectResetSignsInWithPassword(
  server: ServerProcess,
  env: Record<string, string>,
  token: string,
) {
  const reset = await operatorCommand(env, 'reset-factor', OPERATOR.email, 'Lost', 'phone');
  expect(reset.exitCode).toBe(0);
  expect(reset.stdout).toContain(
    `The second factor of ${OPERATOR.email} is removed and 1 of their sessions ended.`,
  );
  await waitFor(async () => (await sessionStatus(server, token)) === 401, 'the ended session to be refused');
  expect((await post(server, '/api/security/login', OPERATOR)).body).toHaveProperty('token');
}

describe('npm run operator on PGlite, through the running server', () => {
  const running = runningServerPerBlock({ pglite: 'tapnet-operator-cli' }, {}, PROCESS_TEST_TIMEOUT_MS);

  it(
    'adds an operator, then removes their lost factor and ends their session',
    async () => {
      const server = running.server();
      const env = running.env();
      const token = await addOperatorWithFactor(server, env);
      await expectResetSignsInWithPassword(server, env, token);

      const twice = await operatorCommand(env, 'add', 'security', OPERATOR.email);
      expect(twice.exitCode).toBe(1);
      expect(twice.stderr).toContain(`An account with ${OPERATOR.email} exists already.`);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe.runIf(adminUrl)('npm run operator on PostgreSQL, beside the running server', () => {
  const running = runningServerPerBlock(
    { postgres: 'tapnet_operator_cli', adminUrl: adminUrl ?? '' },
    {},
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'adds an operator, then removes their lost factor; the server refuses the ended session',
    async () => {
      const server = running.server();
      const env = running.env();
      const token = await addOperatorWithFactor(server, env);
      await expectResetSignsInWithPassword(server, env, token);

      const unknown = await operatorCommand(env, 'reset-factor', 'nobody@tapnet.test');
      expect(unknown.exitCode).toBe(1);
      expect(unknown.stderr.trim()).toBe('No operator has this e-mail address.');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
