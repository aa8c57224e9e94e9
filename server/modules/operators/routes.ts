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
import { SecondFactors, secondFactorMessages } from './second-factor';

export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = new AuthService(ctx);
  const factors = new SecondFactors(ctx);

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
        const userId = await ctx.tokens.verifySecondFactorToken(request.body.secondFactorToken, role);
        if (!userId) throw new HttpError('SECOND_FACTOR_EXPIRED', secondFactorMessages.expired);
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
        const { userId, sessionId } = operatorClaimsOf(request);
        const recoveryCodes = await factors.confirmEnrolment(userId, request.body.code, ctx.clock.now());
        await endOpenSessions(ctx, 'operator_sessions', userId, { except: sessionId });
        if (!sessionId) throw new HttpError('TOKEN_INVALID', 'Invalid or expired token');
        return { recoveryCodes, token: await ctx.tokens.signOperatorToken(userId, role, sessionId) };
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

  sessionListRoutes(
    app,
    OperatorRoleSchema.options.map((role) => OperatorEndpoints[role].sessions),
    'operator_sessions',
    operatorClaimsOf,
  );
};
