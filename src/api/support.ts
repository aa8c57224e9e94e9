// The admin's support tools (contract/support.ts): find a member, and act for them with a reason; and
// reset an operator's lost second factor (contract/operators.ts). All with the admin token (api/operators.ts).
import {
  type FactorReset,
  type ResetOperatorFactorRequest,
  resetOperatorFactorEndpoint,
} from '../../contract/operators';
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

export function resetOperatorFactor(
  request: ResetOperatorFactorRequest,
): Promise<OperatorCallOutcome<FactorReset>> {
  return callOperatorEndpoint(resetOperatorFactorEndpoint, { json: request });
}
