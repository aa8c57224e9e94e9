// The security dashboard's calls (insights-and-operators.md §7 Operators, issue 16): each with the
// security operator's own token through the operator client, answered as an outcome the screen shows.
// The dashboard's figures and the tools' lists are read live (src/sync/use-live-endpoint.ts).
import type { AddAllowlistEntryRequest, ManualBlockRequest, RuleMode } from '../../contract/security';
import { SecurityEndpoints } from '../../contract/security';
import { callOperatorEndpoint } from './operators';

export function unblockIp(ipAddress: string) {
  return callOperatorEndpoint(SecurityEndpoints.unblockIp, { json: { ipAddress } });
}

export function blockIp(block: ManualBlockRequest) {
  return callOperatorEndpoint(SecurityEndpoints.manualBlock, { json: block });
}

export function addAllowlistEntry(entry: AddAllowlistEntryRequest) {
  return callOperatorEndpoint(SecurityEndpoints.addAllowlistEntry, { json: entry });
}

export function removeAllowlistEntry(id: string) {
  return callOperatorEndpoint(SecurityEndpoints.removeAllowlistEntry, { params: { id } });
}

export function setRuleMode(ruleId: string, mode: RuleMode) {
  return callOperatorEndpoint(SecurityEndpoints.setRuleMode, { params: { ruleId }, json: { mode } });
}

/** The event log's events as CSV, filtered as the log's query says (contract EventFilterSchema). */
export function exportEvents(filter: Record<string, string>) {
  return callOperatorEndpoint(SecurityEndpoints.exportEvents, { query: filter });
}
