// `npm run operator -- …` (server/cli/operator.ts): what whoever runs the server can do for operators
// when no admin can: remove a lost second factor, and add another operator (a second admin can then
// reset the first one's factor from the dashboard). Run on the database directly, or by the running
// server that holds embedded PGlite.

import { EmailSchema } from '../../../contract/fields';
import { OperatorRoleSchema } from '../../../contract/operators';
import { HttpError } from '../../platform/errors';
import type { ServerCommand } from '../../platform/module';
import { appendAudit } from '../../platform/security/store';
import { findUserByEmail, OPERATOR_NAMES, upsertOperator } from '../auth';
import { resetSecondFactor } from './factor-reset';

const CLI_REASON = 'Reset from the command line';

function refused(line: string) {
  return { exitCode: 1, lines: [line] };
}

const resetFactor: ServerCommand = async (db, [email = '', ...reason]) => {
  try {
    const ended = await resetSecondFactor(db, {
      email,
      reason: reason.join(' ') || CLI_REASON,
      actor: 'cli',
      ipAddress: null,
    });
    return {
      exitCode: 0,
      lines: [
        `The second factor of ${email} is removed and ${ended.length} of their sessions ended.`,
        'They sign in with their password alone now and set up a new one from Account.',
      ],
    };
  } catch (error) {
    if (error instanceof HttpError) return refused(error.message);
    throw error;
  }
};

/** `passwordHash` is hashed by the command line: the password itself never reaches a request file. */
const add: ServerCommand = async (db, [role = '', email = '', passwordHash = '']) => {
  const parsedRole = OperatorRoleSchema.safeParse(role);
  const parsedEmail = EmailSchema.safeParse(email);
  if (!parsedRole.success) return refused('The role must be admin or security.');
  if (!parsedEmail.success) return refused('Please give a valid e-mail address.');
  const address = parsedEmail.data.trim().toLowerCase();
  // An account of this address (a member's, or an operator's) is never taken over.
  if (await findUserByEmail(db, address)) return refused(`An account with ${address} exists already.`);
  await db.transaction().execute(async (trx) => {
    await upsertOperator(trx, {
      name: OPERATOR_NAMES[parsedRole.data],
      email: address,
      passwordHash,
      role: parsedRole.data,
    });
    await appendAudit(trx, {
      actor: 'cli',
      action: 'OPERATOR_ADDED',
      target: address,
      detail: `Added as ${parsedRole.data} from the command line`,
      ipAddress: null,
    });
  });
  return { exitCode: 0, lines: [`${address} can sign in at /${parsedRole.data} now.`] };
};

export const operatorCommands = { 'reset-factor': resetFactor, add } as const;
