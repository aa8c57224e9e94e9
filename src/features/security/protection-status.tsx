// Spec §2: one card per protection (File Protection, Bot Protection, Threat Intelligence), each ACTIVE or
// INACTIVE with its count and what it covers.
import type { SecurityDashboard } from '../../../contract/security';
import styles from './dashboard.module.css';
import { DashboardSection } from './dashboard-section';
import { isHighRiskCountFlagged } from './risk';

type ProtectionStatusData = SecurityDashboard['protectionStatus'];

interface Protection {
  id: string;
  title: string;
  countLabel: string;
  /** Whether it is on, and its count. */
  read: (status: ProtectionStatusData) => { isActive: boolean; count: number; isCountFlagged?: boolean };
  features: readonly string[];
}

const PROTECTIONS: readonly Protection[] = [
  {
    id: 'protection-file',
    title: 'File Protection',
    // Every file probe is answered 404 while the rule is on: refused, as the label says.
    countLabel: 'probes refused (24 h)',
    read: ({ fileProtection }) => ({ isActive: fileProtection.active, count: fileProtection.blocked }),
    features: [
      'Environment and secret files (.env, .git, keys)',
      'Configuration and backup files',
      'Server scripts (.php, .asp, .jsp, .cgi)',
      'Path traversal and encoded NUL bytes',
    ],
  },
  {
    id: 'protection-bot',
    title: 'Bot Protection',
    // A bot is refused only once its address is blocked (or at once, for a scanner in block mode), so
    // the count says what it counts: the requests recognised as bots.
    countLabel: 'bot requests detected (24 h)',
    read: ({ botProtection }) => ({ isActive: botProtection.active, count: botProtection.blocked }),
    features: [
      'Security scanner signatures',
      'Bursts of probes for missing pages',
      'Automation and empty user agents',
      'Link previews of cards always allowed',
    ],
  },
  {
    id: 'protection-intelligence',
    title: 'Threat Intelligence',
    countLabel: 'high-risk IPs',
    read: ({ threatIntelligence }) => ({
      isActive: threatIntelligence.active,
      count: threatIntelligence.highRiskIPs,
      isCountFlagged: isHighRiskCountFlagged(threatIntelligence.highRiskIPs),
    }),
    features: [
      'Risk points per address',
      'Longer blocks for repeat offenders',
      'Country of every attacking address',
      'Allowlist for trusted addresses',
    ],
  },
];

function ProtectionCard({ protection, status }: { protection: Protection; status: ProtectionStatusData }) {
  const { isActive, count, isCountFlagged } = protection.read(status);
  return (
    <article className={styles.card} aria-labelledby={protection.id}>
      <div className={styles.cardHeader}>
        <h3 id={protection.id}>{protection.title}</h3>
        <span className={`${styles.state} ${isActive ? styles.stateOn : styles.stateOff}`}>
          {isActive ? 'ACTIVE' : 'INACTIVE'}
        </span>
      </div>
      <p className={styles.cardFigure}>
        <span className={isCountFlagged ? styles.flagged : undefined}>{count}</span> {protection.countLabel}
      </p>
      <ul className={styles.features}>
        {protection.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </article>
  );
}

export function ProtectionStatus({ status }: { status: ProtectionStatusData }) {
  return (
    <DashboardSection id="security-protection" title="Protection Status">
      <div className={styles.threeColumns}>
        {PROTECTIONS.map((protection) => (
          <ProtectionCard key={protection.id} protection={protection} status={status} />
        ))}
      </div>
    </DashboardSection>
  );
}
