// Spec §2: the four figures at the top of the security dashboard.
import type { SecurityDashboard } from '../../../contract/security';
import styles from './dashboard.module.css';

interface StatCardProps {
  label: string;
  value: string | number;
  tone?: 'plain' | 'danger' | 'success';
}

function StatCard({ label, value, tone = 'plain' }: StatCardProps) {
  return (
    <li className={`${styles.stat} ${styles[tone]}`}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue}>{value}</span>
    </li>
  );
}

export function StatCards({ data }: { data: SecurityDashboard }) {
  const isOnline = data.systemHealth.databaseConnected && data.systemHealth.monitoringEnabled;
  return (
    <section aria-label="Security figures">
      <ul className={styles.stats}>
        <StatCard label="Total Events (24h)" value={data.totalEvents} />
        <StatCard
          label="Critical Events"
          value={data.severityCounts.CRITICAL}
          tone={data.severityCounts.CRITICAL > 0 ? 'danger' : 'plain'}
        />
        <StatCard
          label="Blocked IPs"
          value={data.blockedIPs.length}
          tone={data.blockedIPs.length > 0 ? 'danger' : 'plain'}
        />
        <StatCard
          label="System Health"
          value={isOnline ? 'Online' : 'Offline'}
          tone={isOnline ? 'success' : 'danger'}
        />
      </ul>
    </section>
  );
}
