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
import { addressKeyOf } from '../../platform/security/identity';
import { sessionClientOf } from '../sessions';
import { AuthService } from './service';

// Limits per client address (these calls are made before anyone is signed in): sized for a venue where
// several hundred people share one address and sign up after tapping a card, still far below what
// guessing needs. Guessing one account's password meets the address's lock and the account's own
// slow-down (AuthService, in the database) long before these.
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = new AuthService(app.ctx);
  // Five reset links in 15 minutes are plenty for a person; more to one inbox is mail-bombing.
  const resetMailsPerEmail = new PerEmailLimit(app, { name: 'forgot-password', max: 5, windowMinutes: 15 });

  route(
    app,
    RegisterEndpoint,
    async (request, reply) => reply.code(201).send({ message: await auth.register(request.body) }),
    { config: perMinute(200) },
  );

  route(
    app,
    VerifyEmailEndpoint,
    async (request) =>
      auth.verifyEmail(
        request.body.email,
        request.body.code,
        addressKeyOf(request),
        sessionClientOf(request),
      ),
    { config: perMinute(200) },
  );

  route(
    app,
    ResendVerificationCodeEndpoint,
    async (request) => ({ message: await auth.resendVerificationCode(request.body.email) }),
    { config: perMinute(60) },
  );

  route(
    app,
    LoginEndpoint,
    async (request) =>
      auth.login(request.body.email, request.body.password, addressKeyOf(request), sessionClientOf(request)),
    { config: perMinute(200) },
  );

  // The whole venue's phones refresh at once when its Wi-Fi comes back.
  route(app, RefreshTokenEndpoint, async (request) => auth.refresh(request.body.refreshToken), {
    config: perMinute(1000),
  });

  route(app, LogoutEndpoint, async (request, reply) => {
    await auth.logout(request.body.refreshToken);
    return reply.code(204).send();
  });

  route(
    app,
    ForgotPasswordEndpoint,
    async (request) => {
      await resetMailsPerEmail.take(request.body.email, app.ctx.config.rateLimitScale);
      return { message: auth.forgotPassword(request.body.email, request.log) };
    },
    { config: perMinute(30) },
  );

  route(
    app,
    ResetPasswordEndpoint,
    async (request) => ({ message: await auth.resetPassword(request.params.token, request.body.password) }),
    { config: perMinute(30) },
  );
};
