// The four severities of insights-and-operators.md §3, most serious first, with the names the map's
// legend and the distribution use.
import type { Severity } from '../../../contract/security';

export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const satisfies readonly Severity[];

/** The map legend's words (spec §2). */
export const SEVERITY_LEGEND: Record<Severity, string> = {
  CRITICAL: 'Critical',
  HIGH: 'High Risk',
  MEDIUM: 'Medium',
  LOW: 'Low Risk',
};

/** The severity distribution's words (spec §2). */
export const SEVERITY_NAMES: Record<Severity, string> = {
  CRITICAL: 'Critical',
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
};
