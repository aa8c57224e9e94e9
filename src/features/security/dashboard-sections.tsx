// Every section of spec §2's security dashboard, in the spec's order.

import { useEffect, useRef, useState } from 'react';
import type { SecurityDashboard } from '../../../contract/security';
import { Notice } from '../../ui/notice';
import { AddressPageDialog } from './address-page';
import { ATTACK_MAP_ID, AttackMap } from './attack-map';
import { BlockDetailsDialog } from './block-details';
import { BLOCKED_IPS_ID, BlockedIps } from './blocked-ips';
import { CRITICAL_ALERTS_ID, CriticalAlerts } from './critical-alerts';
import styles from './dashboard.module.css';
import { EnhancementSummary } from './enhancement-summary';
import { EVENT_LOG_ID, EventLog, type EventLogFilter, lastDayFilter } from './event-log';
import { focusRegionHeadingById } from './focus';
import { IncidentCards } from './incident-cards';
import { ProtectionStatus } from './protection-status';
import { RecentEvents } from './recent-events';
import { type DashboardSectionLink, SectionNav } from './section-nav';
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

/** Where the section links lead, in the page's order; the alerts only while they show. */
function sectionsOf(data: SecurityDashboard): DashboardSectionLink[] {
  const hasAlerts = data.severityCounts.CRITICAL > 0 || data.blockedIPs.length > 0;
  return [
    ...(hasAlerts ? [{ id: CRITICAL_ALERTS_ID, label: 'Alerts' }] : []),
    { id: 'security-protection', label: 'Protection' },
    { id: ATTACK_MAP_ID, label: 'Attack map' },
    { id: 'security-incidents', label: 'Incidents' },
    { id: 'security-threat-analysis', label: 'Threat analysis' },
    { id: BLOCKED_IPS_ID, label: 'Blocked IPs' },
    { id: EVENT_LOG_ID, label: 'Event log' },
    { id: 'security-tools', label: 'Operator tools' },
  ];
}

export function DashboardSections({ data, loadedAt, isRefreshing }: DashboardSectionsProps) {
  const refresh = useRefreshDashboard();
  const unblock = useUnblock();
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const [addressShown, setAddressShown] = useState<string | null>(null);
  const [logFilter, setLogFilter] = useState(() => lastDayFilter());
  /**
   * Where the alert buttons send the operator once what they start has landed: the phone page is some
   * 14,000 px long, and the figures they point at are far below the alerts.
   */
  const goToAfterRefresh = useRef<string | null>(null);
  const [goTo, setGoTo] = useState<{ regionId: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new figures having arrived is the moment to go.
  useEffect(() => {
    if (goToAfterRefresh.current === null) return;
    focusRegionHeadingById(goToAfterRefresh.current);
    goToAfterRefresh.current = null;
  }, [loadedAt]);
  useEffect(() => {
    if (goTo) focusRegionHeadingById(goTo.regionId);
  }, [goTo]);
  const refreshThenGoTo = (regionId: string) => {
    goToAfterRefresh.current = regionId;
    refresh();
  };
  /** An alert's own events: the log filtered to them, and the operator taken there. */
  const showEvents = (narrowing: Partial<EventLogFilter>) => {
    setLogFilter(lastDayFilter(narrowing));
    setGoTo({ regionId: EVENT_LOG_ID });
  };
  return (
    <>
      <SectionNav sections={sectionsOf(data)} />
      {data.proxyWarning && (
        <Notice tone="error" title="Every client looks like one proxy">
          {data.proxyWarning}
        </Notice>
      )}
      <StatCards data={data} />
      <CriticalAlerts
        data={data}
        onReviewEvents={() => showEvents({ severity: 'CRITICAL' })}
        onViewDetails={() => refreshThenGoTo(BLOCKED_IPS_ID)}
        onOpenAddress={setAddressShown}
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
      <EventLog
        key={JSON.stringify(logFilter)}
        filter={logFilter}
        onFilterChange={setLogFilter}
        onOpenAddress={setAddressShown}
      />
      <RecentEvents events={data.recentEvents} />
      <SecurityTools onUnblock={unblock.ask} onShowDetails={setDetailsOf} unblocking={unblock.unblocking} />
      {unblock.dialog}
      <BlockDetailsDialog ipAddress={detailsOf} onClose={() => setDetailsOf(null)} />
      <AddressPageDialog ipAddress={addressShown} onClose={() => setAddressShown(null)} />
    </>
  );
}
