// The way back for an operator who lost their authenticator and their recovery codes (issue 30 point 4):
// another admin removes the factor in the dashboard, or whoever runs the server does it from the command
// line (`npm run operator -- reset-factor <email>`). The factor goes, the operator's sessions end and the
// audit line is written in one transaction; the operator then signs in with the password alone and sets
// a factor up again (at once, when OPERATOR_SECOND_FACTOR requires one).
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { appendAudit } from '../../platform/security/store';
import { endOpenSessionsIn } from '../sessions';

export const factorResetMessages = {
  operatorNotFound: 'No operator has this e-mail address.',
  noFactor: 'This operator has no second factor to reset.',
  ownFactor:
    'Your own second factor is reset by another admin, or from the command line on the server (npm run operator -- reset-factor).',
} as const;

export interface FactorResetRequest {
  email: string;
  reason: string;
  /** Who acted: an admin's e-mail, or 'cli'. */
  actor: string;
  ipAddress: string | null;
}

/** Removes the operator's factors (app, recovery codes, passkeys), ends their sessions; answers the ended ones' ids. */
export async function resetSecondFactor(
  db: Kysely<Database>,
  request: FactorResetRequest,
): Promise<string[]> {
  const email = request.email.trim().toLowerCase();
  // The way around a second factor takes a second person: a session alone (a laptop left open) must not
  // be enough to strip its own operator's factor. The command line is someone with the server's keys.
  if (email === request.actor) throw new HttpError('OWN_SECOND_FACTOR', factorResetMessages.ownFactor);
  return db.transaction().execute(async (trx) => {
    const operator = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('role', 'in', ['admin', 'security'])
      .forUpdate()
      .executeTakeFirst();
    if (!operator) throw new HttpError('OPERATOR_NOT_FOUND', factorResetMessages.operatorNotFound);
    const removed = await trx
      .deleteFrom('operator_factors')
      .where('user_id', '=', operator.id)
      .returning('totp_secret')
      .executeTakeFirst();
    const passkeys = await trx
      .deleteFrom('operator_passkeys')
      .where('user_id', '=', operator.id)
      .returning('credential_id')
      .execute();
    // A factor only being set up (never confirmed) protects nothing: there is nothing to reset.
    if (!removed?.totp_secret && passkeys.length === 0) {
      throw new HttpError('NO_SECOND_FACTOR', factorResetMessages.noFactor);
    }
    await trx.deleteFrom('operator_recovery_codes').where('user_id', '=', operator.id).execute();
    const ended = await endOpenSessionsIn(trx, 'operator_sessions', operator.id, {});
    await appendAudit(trx, {
      actor: request.actor,
      action: 'OPERATOR_FACTOR_RESET',
      target: email,
      detail: request.reason.trim(),
      ipAddress: request.ipAddress,
    });
    return ended;
  });
}
