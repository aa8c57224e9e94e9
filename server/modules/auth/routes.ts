// /api/auth/*: thin routes over AuthService, validated by the auth contract.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutRequestSchema,
  RefreshTokenRequestSchema,
  RefreshTokenResponseSchema,
  RegisterRequestSchema,
  ResendVerificationCodeRequestSchema,
  ResetPasswordParamsSchema,
  ResetPasswordRequestSchema,
  TokenPairSchema,
  VerifyEmailRequestSchema,
} from '../../../contract/auth';
import { MessageResponseSchema } from '../../../contract/errors';
import { perMinute } from '../../rate-limits';
import { AuthService } from './service';

// Limits per client address: generous enough for people, tight enough to slow guessing.
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = new AuthService(app.ctx);

  app.post(
    '/register',
    {
      schema: { body: RegisterRequestSchema, response: { 201: MessageResponseSchema } },
      config: perMinute(20),
    },
    async (request, reply) => reply.code(201).send({ message: await auth.register(request.body) }),
  );

  app.post(
    '/verify-email',
    { schema: { body: VerifyEmailRequestSchema, response: { 200: TokenPairSchema } }, config: perMinute(30) },
    async (request) => auth.verifyEmail(request.body.email, request.body.code),
  );

  app.post(
    '/resend-verification-code',
    {
      schema: { body: ResendVerificationCodeRequestSchema, response: { 200: MessageResponseSchema } },
      config: perMinute(10),
    },
    async (request) => ({ message: await auth.resendVerificationCode(request.body.email) }),
  );

  app.post(
    '/login',
    { schema: { body: LoginRequestSchema, response: { 200: LoginResponseSchema } }, config: perMinute(30) },
    async (request) => auth.login(request.body.email, request.body.password),
  );

  app.post(
    '/refresh-token',
    {
      schema: { body: RefreshTokenRequestSchema, response: { 200: RefreshTokenResponseSchema } },
      config: perMinute(60),
    },
    async (request) => auth.refresh(request.body.refreshToken),
  );

  app.post('/logout', { schema: { body: LogoutRequestSchema } }, async (request, reply) => {
    await auth.logout(request.body.refreshToken);
    return reply.code(204).send();
  });

  app.post(
    '/forgot-password',
    {
      schema: { body: ForgotPasswordRequestSchema, response: { 200: MessageResponseSchema } },
      config: perMinute(10),
    },
    async (request) => ({ message: await auth.forgotPassword(request.body.email) }),
  );

  app.post(
    '/reset-password/:token',
    {
      schema: {
        params: ResetPasswordParamsSchema,
        body: ResetPasswordRequestSchema,
        response: { 200: MessageResponseSchema },
      },
      config: perMinute(10),
    },
    async (request) => ({ message: await auth.resetPassword(request.params.token, request.body.password) }),
  );
};
