// `npm run operator -- reset-factor <email> [reason]` removes an operator's lost second factor and ends
// their sessions; `npm run operator -- add <admin|security> <email>` adds an operator, the password
// read from OPERATOR_PASSWORD. For when no admin can do it from the dashboard (docs/operations.md).
// Uses the server's configuration and works while the server runs: on PostgreSQL directly, on embedded
// PGlite through the running server (server/platform/security/break-glass.ts).
import { resolve } from 'node:path';
import { NewPasswordSchema } from '../../contract/fields';
import { hashPassword } from '../modules/auth';
import { operatorCommands } from '../modules/operators';
import { readConfig } from '../platform/config';
import { DataDirInUseError } from '../platform/db/data-dir-lock';
import type { BreakGlassAnswer } from '../platform/security/break-glass';
import { throughRunningServer } from './through-running-server';
import { withDatabase } from './with-database';

const USAGE = `Usage:
  npm run operator -- reset-factor <email> [reason]   remove the operator's second factor (lost authenticator and
                                                     recovery codes) and end their sessions
  OPERATOR_PASSWORD=… npm run operator -- add <admin|security> <email>
                                                     add an operator who signs in with that password`;

/** The command's arguments as the server takes them: `add` carries the password's hash, never the password. */
async function argumentsOf(name: string, args: string[]): Promise<string[] | string> {
  if (name === 'reset-factor') return args[0] ? args : USAGE;
  if (name !== 'add' || args.length !== 2) return USAGE;
  // The rules a member's new password meets.
  const password = NewPasswordSchema.safeParse(process.env.OPERATOR_PASSWORD ?? '');
  if (!password.success) {
    return `Set OPERATOR_PASSWORD to the new operator's password: ${password.error.issues[0]?.message}`;
  }
  return [...args, await hashPassword(password.data)];
}

async function main([name = '', ...rest]: string[]): Promise<number> {
  const args = await argumentsOf(name, rest);
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  const run = operatorCommands[name as keyof typeof operatorCommands];
  let answer: BreakGlassAnswer;
  try {
    answer = await withDatabase((db) => run(db, args));
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error('The server is running on this DATA_DIR: asking it to do this.');
    answer = await throughRunningServer(
      resolve(readConfig().dataDir),
      { command: 'module', module: 'operators', name, args },
      'or ask another admin to reset the factor in the admin dashboard (Support)',
    );
  }
  for (const line of answer.lines) (answer.exitCode === 0 ? console.log : console.error)(line);
  return answer.exitCode;
}

process.exitCode = await main(process.argv.slice(2));
