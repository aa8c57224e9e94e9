// Every section of spec §2's security dashboard, in the spec's order.

import { useState } from 'react';
import type { SecurityDashboard } from '../../../contract/security';
import { AttackMap } from './attack-map';
import { BlockDetailsDialog } from './block-details';
import { BlockedIps } from './blocked-ips';
import { CriticalAlerts } from './critical-alerts';
import styles from './dashboard.module.css';
import { EnhancementSummary } from './enhancement-summary';
import { IncidentCards } from './incident-cards';
import { ProtectionStatus } from './protection-status';
import { RecentEvents } from './recent-events';
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
  return (
    <>
      <StatCards data={data} />
      <CriticalAlerts data={data} onRefresh={refresh} isRefreshing={isRefreshing} />
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
