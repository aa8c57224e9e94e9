// The sessions module's face: member and operator sessions (sign-in to sign-out), the lists their owners
// see and end, their activity and retention.

import { onMemberRequest, onOperatorRequest } from '../../platform/guards';
import type { ApiModule } from '../../platform/module';
import { recordActivity } from './activity';
import { refuseEndedSessions, touchOperatorSession } from './open-sessions';
import { endExpiredSessions, pruneSessions } from './retention';
import { sessionRoutes } from './routes';

export { isOutboxReplay } from './activity';
export { type SessionClient, sessionClientOf } from './client';
export { sessionListRoutes } from './list-routes';
export {
  endOpenSessions,
  endOpenSessionsIn,
  forgetEndedSessions,
  insertOperatorSession,
  listOpenSessions,
  type SessionTable,
} from './open-sessions';
export { endSessions, insertSession } from './queries';

export const sessionsModule: ApiModule = {
  name: 'sessions',
  routes: sessionRoutes,
  // A token of an ended session is refused; every request a token admits is activity on its session.
  onStart: (app) => {
    onMemberRequest(app, refuseEndedSessions('member_sessions', false));
    onMemberRequest(app, recordActivity);
    onOperatorRequest(app, refuseEndedSessions('operator_sessions', true));
    onOperatorRequest(app, touchOperatorSession);
  },
  daily: async (app) => {
    await endExpiredSessions(app.ctx.db);
    await pruneSessions(app.ctx.db, app.ctx.config.sessionRetentionDays);
  },
};
