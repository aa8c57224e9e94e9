// Spec §2: severity distribution, geographic distribution (top 5) and system status, side by side on wide
// screens.
import type { SecurityDashboard } from '../../../contract/security';
import { BarRow } from './bar-row';
import { countryName } from './countries';
import styles from './dashboard.module.css';
import { DashboardCard } from './dashboard-section';
import { formatUptime } from './format';
import { SEVERITIES, SEVERITY_NAMES } from './severity';

/** Spec §9: the geographic distribution shows the top 5 countries. */
const COUNTRIES_SHOWN = 5;

export function SeverityDistribution({ counts }: { counts: SecurityDashboard['severityCounts'] }) {
  const total = SEVERITIES.reduce((sum, severity) => sum + counts[severity], 0);
  return (
    <DashboardCard id="security-severity" title="Severity Distribution">
      <ul className={styles.bars}>
        {SEVERITIES.map((severity) => (
          <BarRow
            key={severity}
            label={SEVERITY_NAMES[severity]}
            percent={total === 0 ? 0 : (counts[severity] / total) * 100}
            value={counts[severity]}
            fillClassName={styles[`fill${severity}`]}
          />
        ))}
      </ul>
    </DashboardCard>
  );
}

export function GeoDistribution({ countries }: { countries: SecurityDashboard['geoDistribution'] }) {
  return (
    <DashboardCard
      id="security-geo"
      title="Geographic Distribution"
      empty={countries.length === 0 && 'No geographic data'}
    >
      <ol className={styles.rows}>
        {countries.slice(0, COUNTRIES_SHOWN).map(({ country, count }) => (
          <li key={country}>
            <span>{countryName(country)}</span>
            <span className={styles.rowValue}>{count}</span>
          </li>
        ))}
      </ol>
    </DashboardCard>
  );
}

export function SystemStatus({ health }: { health: SecurityDashboard['systemHealth'] }) {
  return (
    <DashboardCard id="security-system" title="System Status">
      <dl className={styles.rows}>
        <div>
          <dt>Database</dt>
          <dd className={health.databaseConnected ? styles.ok : styles.bad}>
            {health.databaseConnected ? 'Connected' : 'Disconnected'}
          </dd>
        </div>
        <div>
          <dt>Monitoring</dt>
          <dd className={health.monitoringEnabled ? styles.ok : styles.bad}>
            {health.monitoringEnabled ? 'Active' : 'Disabled'}
          </dd>
        </div>
        <div>
          <dt>Uptime</dt>
          <dd>{formatUptime(health.uptime)}</dd>
        </div>
      </dl>
    </DashboardCard>
  );
}
