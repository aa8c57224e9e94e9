// The signed-in account's own sessions (issue 30 point 4): the member's, and each operator role's.
import { OperatorEndpoints, type OperatorRole } from '../../contract/operators';
import { type ActiveSession, MemberSessionEndpoints } from '../../contract/sessions';
import { callEndpoint } from './client';
import { callOperatorEndpoint, failureDetail, type OperatorCallOutcome } from './operators';

/** The calls a session list makes, whoever's it is; each throws when it fails. */
export interface SessionCalls {
  list(): Promise<ActiveSession[]>;
  end(id: string): Promise<void>;
  endOthers(): Promise<void>;
}

export const memberSessionCalls: SessionCalls = {
  list: async () => (await callEndpoint(MemberSessionEndpoints.list)).sessions,
  end: async (id) => {
    await callEndpoint(MemberSessionEndpoints.end, { params: { id } });
  },
  endOthers: async () => {
    await callEndpoint(MemberSessionEndpoints.endOthers);
  },
};

export const OPERATOR_SESSION_EXPIRED = 'Your session has ended. Please log in again.';

/** An operator call's answer, or an error saying why there is none. */
export function operatorValue<T>(outcome: OperatorCallOutcome<T>): T {
  if (outcome.kind === 'done') return outcome.value;
  throw new Error(outcome.kind === 'expired' ? OPERATOR_SESSION_EXPIRED : failureDetail(outcome.failure));
}

function operatorSessionCalls(role: OperatorRole): SessionCalls {
  const endpoints = OperatorEndpoints[role].sessions;
  return {
    list: async () => operatorValue(await callOperatorEndpoint(endpoints.list)).sessions,
    end: async (id) => {
      operatorValue(await callOperatorEndpoint(endpoints.end, { params: { id } }));
    },
    endOthers: async () => {
      operatorValue(await callOperatorEndpoint(endpoints.endOthers));
    },
  };
}

export const OperatorSessionCalls: Record<OperatorRole, SessionCalls> = {
  admin: operatorSessionCalls('admin'),
  security: operatorSessionCalls('security'),
};
