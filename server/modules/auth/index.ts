// The auth module's face: registration, verification, sign-in, tokens and password reset; and the
// code and password checks the e-mail change (user) shares.
import type { ApiModule } from '../../platform/module';
import { authRoutes } from './routes';
import { ensureOperators, operatorFacts } from './service';

export { CODE_TTL_MINUTES, checkCode, codeExpiry, secondsUntilResend, wrongCodeChanges } from './codes';
export {
  findUserByEmail,
  findUserById,
  recordAccountLoginFailure,
  revokeAllRefreshTokens,
  upsertOperator,
} from './queries';
export { createVerificationCode, hashPassword, hashVerificationCode, verifyPassword } from './secrets';
export { ACCOUNT_LOGIN_LIMITS, AuthService, OPERATOR_NAMES } from './service';

export const authModule: ApiModule = {
  name: 'auth',
  routes: authRoutes,
  onStart: (app) => ensureOperators(app.ctx),
  startupFacts: (app) => operatorFacts(app.ctx),
};
