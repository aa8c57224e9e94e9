// Every section of spec §2's security dashboard, in the spec's order.

import { useEffect, useRef, useState } from 'react';
import type { SecurityDashboard } from '../../../contract/security';
import { AttackMap } from './attack-map';
import { BlockDetailsDialog } from './block-details';
import { BLOCKED_IPS_ID, BlockedIps } from './blocked-ips';
import { CriticalAlerts } from './critical-alerts';
import styles from './dashboard.module.css';
import { EnhancementSummary } from './enhancement-summary';
import { focusRegionHeadingById } from './focus';
import { IncidentCards } from './incident-cards';
import { ProtectionStatus } from './protection-status';
import { RECENT_EVENTS_ID, RecentEvents } from './recent-events';
import { useRefreshDashboard } from './security-session';
import { SecurityTools } from './security-tools';
import { StatCards } from './stat-cards';
import { GeoDistribution, SeverityDistribution, SystemStatus } from './status-panels';
import { ThreatAnalysis } from './threat-analysis';
import { useUnblock } from './unblock';

interface DashboardSectionsProps {
  data: SecurityDashboard;
  loadedAt: Date;
  isRefreshing: boolean;
}

export function DashboardSections({ data, loadedAt, isRefreshing }: DashboardSectionsProps) {
  const refresh = useRefreshDashboard();
  const unblock = useUnblock();
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  /**
   * Where the alert buttons send the operator once the reload they start has landed: the phone page is
   * some 14,000 px long, and the figures they point at are far below the alerts.
   */
  const goToAfterRefresh = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new figures having arrived is the moment to go.
  useEffect(() => {
    if (goToAfterRefresh.current === null) return;
    focusRegionHeadingById(goToAfterRefresh.current);
    goToAfterRefresh.current = null;
  }, [loadedAt]);
  const refreshThenGoTo = (regionId: string) => {
    goToAfterRefresh.current = regionId;
    refresh();
  };
  return (
    <>
      <StatCards data={data} />
      <CriticalAlerts
        data={data}
        onReviewEvents={() => refreshThenGoTo(RECENT_EVENTS_ID)}
        onViewDetails={() => refreshThenGoTo(BLOCKED_IPS_ID)}
        isRefreshing={isRefreshing}
      />
      <ProtectionStatus status={data.protectionStatus} />
      <AttackMap attackMap={data.threatAnalysis.attackMap} now={loadedAt.getTime()} />
      <IncidentCards incidents={data.incidents} />
      <EnhancementSummary data={data} />
      <ThreatAnalysis
        analysis={data.threatAnalysis}
        protection={data.protectionStatus}
        recommendations={data.recommendations}
      />
      <div className={styles.statusGrid}>
        <SeverityDistribution counts={data.severityCounts} />
        <BlockedIps
          blockedIPs={data.blockedIPs}
          onUnblock={unblock.ask}
          onShowDetails={setDetailsOf}
          unblocking={unblock.unblocking}
        />
        <GeoDistribution countries={data.geoDistribution} />
        <SystemStatus health={data.systemHealth} />
      </div>
      <RecentEvents events={data.recentEvents} />
      <SecurityTools onUnblock={unblock.ask} onShowDetails={setDetailsOf} unblocking={unblock.unblocking} />
      {unblock.dialog}
      <BlockDetailsDialog ipAddress={detailsOf} onClose={() => setDetailsOf(null)} />
    </>
  );
}
