// Spec §9: an address in the suspicious list is high risk from 5 events on; the count is flagged above 5.
import type { SecurityDashboard } from '../../../contract/security';

export const HIGH_RISK_EVENT_COUNT = 5;

export function highRiskAddresses(data: SecurityDashboard): SecurityDashboard['suspiciousIPs'] {
  return data.suspiciousIPs.filter((suspicious) => suspicious.count >= HIGH_RISK_EVENT_COUNT);
}

export function isHighRiskCountFlagged(highRiskIPs: number): boolean {
  return highRiskIPs > HIGH_RISK_EVENT_COUNT;
}
