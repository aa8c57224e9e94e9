// Spec §2 "Advanced threat analysis": what was seen, what to do about it (or that nothing needs doing), and
// how effective each protection is.
import type { SecurityDashboard } from '../../../contract/security';
import { BarRow } from './bar-row';
import styles from './dashboard.module.css';
import { DashboardSection } from './dashboard-section';
import { SEVERITY_NAMES } from './severity';

export const ALL_OPTIMAL_MESSAGE =
  'All security measures are operating optimally. No immediate action required.';

function EffectivenessBar({ label, percent }: { label: string; percent: number }) {
  const rounded = Math.round(percent);
  return <BarRow label={label} percent={rounded} value={`${rounded}%`} />;
}

interface ThreatAnalysisProps {
  analysis: SecurityDashboard['threatAnalysis'];
  protection: SecurityDashboard['protectionStatus'];
  recommendations: SecurityDashboard['recommendations'];
}

export function ThreatAnalysis({ analysis, protection, recommendations }: ThreatAnalysisProps) {
  return (
    <DashboardSection id="security-threat-analysis" title="Advanced Threat Analysis">
      <div className={styles.analysis}>
        <dl className={styles.analysisCounts}>
          <div>
            <dt>File access attempts</dt>
            <dd>{analysis.fileAccessAttempts}</dd>
          </div>
          <div>
            <dt>Malicious bots</dt>
            <dd>{analysis.maliciousBots}</dd>
          </div>
          <div>
            <dt>High-risk IPs</dt>
            <dd>{analysis.highRiskIPs}</dd>
          </div>
        </dl>
        <div>
          <h3 className={styles.subTitle}>Recommendations</h3>
          {recommendations.length === 0 ? (
            <p className={styles.allClear}>{ALL_OPTIMAL_MESSAGE}</p>
          ) : (
            <ol className={styles.recommendations}>
              {recommendations.map((recommendation) => (
                <li key={recommendation.action}>
                  <span className={styles.priority} data-priority={recommendation.priority}>
                    {SEVERITY_NAMES[recommendation.priority]} priority
                  </span>
                  <strong>{recommendation.action}</strong>
                  <span>{recommendation.description}</span>
                  <span className={styles.muted}>How: {recommendation.implementation}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
        <div>
          <h3 className={styles.subTitle}>Protection effectiveness</h3>
          <ul className={styles.bars}>
            <EffectivenessBar label="File Protection" percent={protection.fileProtection.effectiveness} />
            <EffectivenessBar label="Bot Protection" percent={protection.botProtection.effectiveness} />
            <EffectivenessBar
              label="Threat Intelligence"
              percent={protection.threatIntelligence.effectiveness}
            />
          </ul>
        </div>
      </div>
    </DashboardSection>
  );
}
