// /api/auth/*: thin routes over AuthService, declared in the auth contract.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ForgotPasswordEndpoint,
  LoginEndpoint,
  LogoutEndpoint,
  RefreshTokenEndpoint,
  RegisterEndpoint,
  ResendVerificationCodeEndpoint,
  ResetPasswordEndpoint,
  VerifyEmailEndpoint,
} from '../../../contract/auth';
import { PerEmailLimit, perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { sessionClientOf } from '../sessions';
import { AuthService } from './service';

// Limits per client address: generous enough for people, tight enough to slow guessing. Guessing one
// account's password from many addresses meets the account's own budget (AuthService, in the database).
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = new AuthService(app.ctx);
  // Five reset links in 15 minutes are plenty for a person; more to one inbox is mail-bombing.
  const resetMailsPerEmail = new PerEmailLimit(5, 15);

  route(
    app,
    RegisterEndpoint,
    async (request, reply) => reply.code(201).send({ message: await auth.register(request.body) }),
    { config: perMinute(20) },
  );

  route(
    app,
    VerifyEmailEndpoint,
    async (request) => auth.verifyEmail(request.body.email, request.body.code, sessionClientOf(request)),
    {
      config: perMinute(30),
    },
  );

  route(
    app,
    ResendVerificationCodeEndpoint,
    async (request) => ({ message: await auth.resendVerificationCode(request.body.email) }),
    { config: perMinute(10) },
  );

  route(
    app,
    LoginEndpoint,
    async (request) =>
      auth.login(request.body.email, request.body.password, request.ip, sessionClientOf(request)),
    {
      config: perMinute(30),
    },
  );

  route(app, RefreshTokenEndpoint, async (request) => auth.refresh(request.body.refreshToken), {
    config: perMinute(60),
  });

  route(app, LogoutEndpoint, async (request, reply) => {
    await auth.logout(request.body.refreshToken);
    return reply.code(204).send();
  });

  route(
    app,
    ForgotPasswordEndpoint,
    async (request) => {
      resetMailsPerEmail.take(request.body.email, app.ctx.config.rateLimitScale);
      return { message: await auth.forgotPassword(request.body.email) };
    },
    { config: perMinute(10) },
  );

  route(
    app,
    ResetPasswordEndpoint,
    async (request) => ({ message: await auth.resetPassword(request.params.token, request.body.password) }),
    { config: perMinute(10) },
  );
};
