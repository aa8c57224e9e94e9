// The security dashboard's calls (insights-and-operators.md §7 Operators, issue 16): each with the
// security operator's own token through the operator client, answered as an outcome the screen shows.
import type { z } from 'zod';
import { ErrorAnswerSchema } from '../../contract/errors';
import type { AddAllowlistEntryRequest, ManualBlockRequest, RuleMode } from '../../contract/security';
import { SecurityEndpoints } from '../../contract/security';
import { callOperatorEndpoint, type OperatorCallOutcome } from './operators';

/** The dashboard's figures (the answer's `data`). */
export async function loadSecurityDashboard() {
  const outcome = await callOperatorEndpoint(SecurityEndpoints.dashboard);
  return outcome.kind === 'done' ? { kind: 'done' as const, value: outcome.value.data } : outcome;
}

/**
 * The operator client words a refusal 'HTTP {status}: {body}' (spec §8) and a call that got no answer by
 * what went wrong, so the message's form is what tells them apart (spec §8 words them differently:
 * 'Failed to unblock IP' and 'Error unblocking IP').
 */
const REFUSAL = /^HTTP \d{3}: (.*)$/s;

export function isRefusal(outcome: OperatorCallOutcome<unknown>): boolean {
  return outcome.kind === 'failed' && REFUSAL.test(outcome.message);
}

/** A refusal's error answer (its `error`, and the `errors` of a failed validation), or null. */
export function refusalAnswer(
  outcome: OperatorCallOutcome<unknown>,
): z.infer<typeof ErrorAnswerSchema> | null {
  const body = outcome.kind === 'failed' ? REFUSAL.exec(outcome.message)?.[1] : undefined;
  if (!body) return null;
  try {
    const answer = ErrorAnswerSchema.safeParse(JSON.parse(body));
    return answer.success ? answer.data : null;
  } catch {
    return null;
  }
}

export function unblockIp(ipAddress: string) {
  return callOperatorEndpoint(SecurityEndpoints.unblockIp, { json: { ipAddress } });
}

export function listBlocks() {
  return callOperatorEndpoint(SecurityEndpoints.listBlocks);
}

export function loadBlockDetails(ipAddress: string) {
  return callOperatorEndpoint(SecurityEndpoints.blockDetails, { params: { ipAddress } });
}

export function blockIp(block: ManualBlockRequest) {
  return callOperatorEndpoint(SecurityEndpoints.manualBlock, { json: block });
}

export function listAllowlist() {
  return callOperatorEndpoint(SecurityEndpoints.listAllowlist);
}

export function addAllowlistEntry(entry: AddAllowlistEntryRequest) {
  return callOperatorEndpoint(SecurityEndpoints.addAllowlistEntry, { json: entry });
}

export function removeAllowlistEntry(id: string) {
  return callOperatorEndpoint(SecurityEndpoints.removeAllowlistEntry, { params: { id } });
}

export function listRules() {
  return callOperatorEndpoint(SecurityEndpoints.listRules);
}

export function setRuleMode(ruleId: string, mode: RuleMode) {
  return callOperatorEndpoint(SecurityEndpoints.setRuleMode, { params: { ruleId }, json: { mode } });
}

export function loadAuditLog() {
  return callOperatorEndpoint(SecurityEndpoints.auditLog);
}

/** The stored events of [from, to) as CSV. */
export function exportEvents(range: { from: string; to: string }) {
  // The operator client fills path parameters only; the range goes in the query string of the path.
  const path = `${SecurityEndpoints.exportEvents.path}?${new URLSearchParams(range)}`;
  return callOperatorEndpoint({ ...SecurityEndpoints.exportEvents, path });
}
