// Spec §2 "Security Enhancement Summary": protection level, measured average block time, coverage, and the
// security score out of 10 with its verdict against the baseline of 5, explained by the checks behind it.
import type { SecurityDashboard } from '../../../contract/security';
import styles from './dashboard.module.css';
import { DashboardSection } from './dashboard-section';

/** Spec §9: each score is shown relative to a baseline of 5. */
const SCORE_BASELINE = 5;

function relativeToBaseline(score: number): string {
  const difference = score - SCORE_BASELINE;
  return `${difference >= 0 ? '+' : '−'}${Math.abs(difference).toFixed(1)} against a baseline of ${SCORE_BASELINE}`;
}

export function EnhancementSummary({ data }: { data: SecurityDashboard }) {
  return (
    <DashboardSection id="security-enhancement" title="Security Enhancement Summary">
      <div className={styles.summary}>
        <dl className={styles.summaryFigures}>
          <div>
            <dt>Protection level</dt>
            <dd className={styles.summaryValue}>HIGH SECURITY</dd>
          </div>
          <div>
            <dt>Average block time</dt>
            <dd className={styles.summaryValue}>{data.responseMetrics.averageBlockTime}</dd>
          </div>
          <div>
            <dt>Coverage</dt>
            <dd>
              <ul className={styles.coverage}>
                <li>50+ file patterns</li>
                <li>100+ bot signatures</li>
                <li>15+ attack types</li>
              </ul>
            </dd>
          </div>
          <div>
            <dt>Security score</dt>
            <dd>
              <span className={styles.summaryValue}>{data.securityScore.toFixed(1)}/10</span>{' '}
              <span className={styles.verdict} data-verdict={data.scoreVerdict}>
                {data.scoreVerdict}
              </span>
              <span className={styles.muted}> ({relativeToBaseline(data.securityScore)})</span>
            </dd>
          </div>
        </dl>
        {data.scoreChecks.length > 0 && (
          <div>
            <h3 className={styles.subTitle}>What the score checks</h3>
            <ul className={styles.checks}>
              {data.scoreChecks.map((check) => (
                <li key={check.check}>
                  <span aria-hidden="true">{check.passed ? '✅' : '⚠️'}</span>
                  <span>
                    <strong>{check.check}</strong>
                    <span className="visually-hidden">{check.passed ? ': passed' : ': not passed'}</span>
                    <br />
                    <span className={styles.muted}>{check.detail}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </DashboardSection>
  );
}
