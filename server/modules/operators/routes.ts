// /api/admin/* and /api/security/* sign-in: separate sign-ins whose tokens only their own area accepts,
// the second factor (TOTP) asked after the password once enrolled, the enrolment itself, each area's
// session check, and the operator's own session list.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OperatorEndpoints,
  type OperatorRole,
  OperatorRoleSchema,
  resetOperatorFactorEndpoint,
} from '../../../contract/operators';
import { HttpError } from '../../platform/errors';
import { operatorClaimsOf, operatorOf } from '../../platform/guards';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { addressKeyOf } from '../../platform/security/identity';
import { AuthService, findUserById } from '../auth';
import {
  endOpenSessions,
  forgetEndedSessions,
  insertOperatorSession,
  sessionClientOf,
  sessionListRoutes,
} from '../sessions';
import { resetSecondFactor } from './factor-reset';
import { Passkeys } from './passkeys';
import { SecondFactors, secondFactorMessages } from './second-factor';

export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = new AuthService(ctx);
  const factors = new SecondFactors(ctx);
  const passkeys = new Passkeys(ctx);

  /** The operator's user id from a second-factor token of `role`, or the sign-in must start again. */
  async function pendingSignIn(secondFactorToken: string, role: OperatorRole): Promise<string> {
    const userId = await ctx.tokens.verifySecondFactorToken(secondFactorToken, role);
    if (!userId) throw new HttpError('SECOND_FACTOR_EXPIRED', secondFactorMessages.expired);
    return userId;
  }

  /** A factor added or removed: the operator's other sessions end, this one goes on with a free token. */
  async function afterFactorChange(request: FastifyRequest, role: OperatorRole): Promise<string> {
    const { userId, sessionId } = operatorClaimsOf(request);
    await endOpenSessions(ctx, 'operator_sessions', userId, { except: sessionId });
    if (!sessionId) throw new HttpError('TOKEN_INVALID', 'Invalid or expired token');
    return ctx.tokens.signOperatorToken(userId, role, sessionId);
  }

  /** A new operator session and its token; `mustEnrol` holds it at the enrolment. */
  async function startSession(
    request: FastifyRequest,
    userId: string,
    role: OperatorRole,
    mustEnrol: boolean,
  ): Promise<string> {
    const sessionId = randomUUID();
    await insertOperatorSession(ctx.db, { id: sessionId, userId, client: sessionClientOf(request) });
    return ctx.tokens.signOperatorToken(userId, role, sessionId, { mustEnrol });
  }

  for (const role of OperatorRoleSchema.options) {
    const endpoints = OperatorEndpoints[role];

    route(
      app,
      endpoints.login,
      async (request) => {
        const { email, password } = request.body;
        const userId = await auth.checkOperatorPassword(email, password, role, addressKeyOf(request));
        if (await factors.isEnrolled(userId)) {
          return { secondFactorToken: await ctx.tokens.signSecondFactorToken(userId, role) };
        }
        if (ctx.config.operatorSecondFactor === 'optional') {
          return { token: await startSession(request, userId, role, false) };
        }
        return { token: await startSession(request, userId, role, true), mustEnrol: true as const };
      },
      { config: perMinute(20) },
    );

    // Ten guesses a minute per address, within the five minutes a second-factor token lasts: fifty of a
    // million codes (three valid at a time) before the password must be given again.
    route(
      app,
      endpoints.secondFactor,
      async (request) => {
        const userId = await pendingSignIn(request.body.secondFactorToken, role);
        await factors.verify(userId, request.body.code, ctx.clock.now());
        return { token: await startSession(request, userId, role, false) };
      },
      { config: perMinute(10) },
    );

    route(app, endpoints.session, async (request) => ({ id: operatorOf(request), role }));

    route(app, endpoints.secondFactorStatus, async (request) => factors.status(operatorOf(request)));

    route(app, endpoints.startEnrolment, async (request) => factors.startEnrolment(operatorOf(request)), {
      config: perMinute(10),
    });

    // A new factor ends the operator's other sessions, and this one goes on with a token that is no
    // longer held at the enrolment.
    route(
      app,
      endpoints.confirmEnrolment,
      async (request) => {
        const userId = operatorOf(request);
        const recoveryCodes = await factors.confirmEnrolment(userId, request.body.code, ctx.clock.now());
        return { recoveryCodes, token: await afterFactorChange(request, role) };
      },
      { config: perMinute(10) },
    );

    route(app, endpoints.passkeys, async (request) => ({
      passkeys: await passkeys.list(operatorOf(request)),
    }));

    route(
      app,
      endpoints.passkeyRegistrationOptions,
      async (request) => ({ ...(await passkeys.registrationOptions(operatorOf(request))) }),
      { config: perMinute(10) },
    );

    route(
      app,
      endpoints.registerPasskey,
      async (request) => {
        const userId = operatorOf(request);
        await passkeys.register(userId, request.body.name, request.body.credential);
        const token = await afterFactorChange(request, role);
        return { passkeys: await passkeys.list(userId), token };
      },
      { config: perMinute(10) },
    );

    route(app, endpoints.removePasskey, async (request) => {
      const userId = operatorOf(request);
      await passkeys.remove(userId, request.params.passkeyId);
      await afterFactorChange(request, role);
      return { passkeys: await passkeys.list(userId) };
    });

    route(
      app,
      endpoints.passkeySignInOptions,
      async (request) => ({
        ...(await passkeys.signInOptions(await pendingSignIn(request.body.secondFactorToken, role))),
      }),
      { config: perMinute(10) },
    );

    route(
      app,
      endpoints.passkeySignIn,
      async (request) => {
        const userId = await pendingSignIn(request.body.secondFactorToken, role);
        await passkeys.verify(userId, request.body.credential);
        return { token: await startSession(request, userId, role, false) };
      },
      { config: perMinute(10) },
    );
  }

  route(app, resetOperatorFactorEndpoint, async (request) => {
    const admin = await findUserById(ctx.db, operatorOf(request));
    const ended = await resetSecondFactor(ctx.db, {
      ...request.body,
      actor: admin?.email ?? 'unknown operator',
      ipAddress: addressKeyOf(request),
    });
    forgetEndedSessions(ctx, 'operator_sessions', ended);
    return { sessionsEnded: ended.length };
  });

  // In a scope of its own: its error handler answers a malformed session id, not a passkey id.
  await app.register(async (scope) =>
    sessionListRoutes(
      scope,
      OperatorRoleSchema.options.map((role) => OperatorEndpoints[role].sessions),
      'operator_sessions',
      operatorClaimsOf,
    ),
  );
};
