// A member of a bench's app who signed up as a person does (register, the code from the mail, verify), so
// the figures include a real account and a real token rather than rows written around the API.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { verificationCodeIn } from '../../tests/support/mail-content';
import type { SmtpSink } from '../../tests/support/smtp-sink';

export interface BenchMember {
  email: string;
  /** The Authorization header of the member's access token. */
  authorization: string;
}

/** `sink` must be the SMTP server the app sends its mail to. */
export async function signUpBenchMember(app: FastifyInstance, sink: SmtpSink): Promise<BenchMember> {
  const email = `bench-${randomBytes(4).toString('hex')}@bench.test`;
  await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Bench Member', email, password: 'Bench-Passw0rd', dateOfBirth: '1990-01-01' },
  });
  const code = verificationCodeIn(await sink.waitForMail(email));
  const verified = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { email, code },
  });
  const { accessToken } = verified.json() as { accessToken: string };
  return { email, authorization: `Bearer ${accessToken}` };
}
