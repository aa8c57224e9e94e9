// The sessions module's face: member sessions (sign-in to sign-out), their activity and retention.

import { onMemberRequest } from '../../platform/guards';
import type { ApiModule } from '../../platform/module';
import { recordActivity } from './activity';
import { endExpiredSessions, pruneSessions } from './retention';
import { sessionRoutes } from './routes';

export { isOutboxReplay } from './activity';
export { type SessionClient, sessionClientOf } from './client';
export { endSessions, insertSession } from './queries';

export const sessionsModule: ApiModule = {
  name: 'sessions',
  routes: sessionRoutes,
  // Every request a member's token admits is activity on their session.
  onStart: (app) => onMemberRequest(app, recordActivity),
  daily: async (app) => {
    await endExpiredSessions(app.ctx.db);
    await pruneSessions(app.ctx.db, app.ctx.config.sessionRetentionDays);
  },
};
