// The admin's support tools (contract/support.ts): find a member, and act for them with a reason, all
// with the admin token (api/operators.ts).
import { SupportEndpoints, type SupportMember } from '../../contract/support';
import { callOperatorEndpoint, type OperatorCallOutcome } from './operators';

export function findMember(query: string): Promise<OperatorCallOutcome<SupportMember>> {
  return callOperatorEndpoint(SupportEndpoints.findMember, { query: { query } });
}

export type SupportAction = 'resendCode' | 'unlinkCard' | 'replaceCard' | 'disable' | 'enable';

export interface SupportActionInput {
  action: SupportAction;
  userId: string;
  reason: string;
  /** Only for replaceCard. */
  newCardId?: string;
}

export function actForMember({
  action,
  userId,
  reason,
  newCardId,
}: SupportActionInput): Promise<OperatorCallOutcome<SupportMember>> {
  const params = { userId };
  if (action === 'replaceCard') {
    return callOperatorEndpoint(SupportEndpoints.replaceCard, {
      params,
      json: { reason, newCardId: newCardId ?? '' },
    });
  }
  return callOperatorEndpoint(SupportEndpoints[action], { params, json: { reason } });
}
