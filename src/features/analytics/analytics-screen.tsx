// /insights/analytics: the member's network over a week, month, quarter or year as readable cards and
// an activity chart, printable as a one-page report (spec §2, §3 Analytics summary, issue 14 part 3).
import { useState } from 'react';
import {
  type AnalyticsSummary,
  DEFAULT_SUMMARY_RANGE,
  SUMMARY_RANGES,
  type SummaryRange,
} from '../../../contract/analytics';
import { ANALYTICS_LIFETIME_MS, analyticsSummaryResource } from '../../api/analytics';
import { useCachedResource } from '../../sync/use-cached-resource';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { BarChart } from '../../ui/charts/bar-chart';
import { printReport } from '../../ui/charts/printing';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Panel } from '../../ui/panel';
import { Screen } from '../../ui/screen';
import styles from './analytics.module.css';
import { ANALYTICS_MESSAGES } from './analytics-messages';
import {
  activityLabel,
  countOf,
  formatDay,
  formatNumber,
  formatPercent,
  formatPeriod,
  formatTrend,
  periodKeys,
  previousLine,
} from './figures';
import { FreshnessNote } from './freshness-note';
import { RangeButtons } from './range-buttons';
import { StatCard, StatGrid } from './stat-card';

const RANGE_LABELS: Record<SummaryRange, string> = {
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

const RANGE_OPTIONS = SUMMARY_RANGES.map((id) => ({ id, label: RANGE_LABELS[id] }));

export function AnalyticsScreen() {
  const [range, setRange] = useState<SummaryRange>(DEFAULT_SUMMARY_RANGE);
  const summary = useCachedResource(analyticsSummaryResource(range));

  return (
    <Screen title="Analytics" backTo="/insights" width="wide">
      <div className={styles.toolbar}>
        <RangeButtons label="Time range" options={RANGE_OPTIONS} selected={range} onSelect={setRange} />
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => void printReport()}
            disabled={summary.status !== 'ready'}
          >
            Print Report
          </Button>
          {/* Spec §2: disabled, with a Coming Soon badge (its name reads "Enhanced Analytics Coming Soon"). */}
          <Button variant="secondary" disabled>
            Enhanced Analytics
            <Badge tone="neutral">Coming Soon</Badge>
          </Button>
        </div>
      </div>
      {summary.status === 'loading' && <LoadingPlaceholder label="Loading analytics…" />}
      {summary.status === 'failed' && (
        <LoadFailed message={ANALYTICS_MESSAGES.loadFailed} onRetry={summary.retry} />
      )}
      {summary.status === 'ready' && (
        <>
          <FreshnessNote fetchedAt={summary.fetchedAt} lifetimeMs={ANALYTICS_LIFETIME_MS} />
          {summary.value.totalConnections === 0 ? (
            <p className={styles.empty}>{ANALYTICS_MESSAGES.empty}</p>
          ) : (
            <SummaryReport summary={summary.value} />
          )}
        </>
      )}
    </Screen>
  );
}

function SummaryReport({ summary }: { summary: AnalyticsSummary }) {
  const { explanations: explain, period, previousPeriod, previous } = summary;
  const none = 'None yet';
  return (
    <>
      <p className={styles.period}>
        {RANGE_LABELS[summary.range]}: {formatPeriod(period)} ({period.timezone}), compared with{' '}
        {formatPeriod(previousPeriod)}
      </p>
      <StatGrid label="Summary">
        <StatCard
          label="Total connections"
          value={formatNumber(summary.totalConnections)}
          explanation={explain.totalConnections}
        />
        <StatCard
          label="This week"
          value={formatNumber(summary.weeklyConnections)}
          explanation={explain.weeklyConnections}
        />
        <StatCard
          label="Connections in range"
          value={formatNumber(summary.rangeConnections)}
          explanation={explain.rangeConnections}
          comparison={previousLine(previousPeriod, previous.rangeConnections)}
        />
        <StatCard label="Trend" value={formatTrend(summary.trend)} explanation={explain.trend} />
        <StatCard
          label="Networking velocity"
          value={`${formatNumber(summary.networkingVelocity)} / week`}
          explanation={explain.networkingVelocity}
          comparison={previousLine(previousPeriod, `${formatNumber(previous.networkingVelocity)} / week`)}
        />
        <StatCard
          label="Peak networking day"
          value={summary.peakNetworkingDay ?? none}
          explanation={explain.peakNetworkingDay}
        />
        <StatCard
          label="Peak day"
          value={summary.peakDay ? formatDay(summary.peakDay) : none}
          explanation={explain.peakDay}
          comparison={
            summary.peakDay ? `${countOf(summary.peakDayConnections, 'contact')} that day` : undefined
          }
        />
        <StatCard
          label="Primary location"
          value={summary.primaryLocation ?? none}
          explanation={explain.primaryLocation}
        />
        <StatCard label="Top country" value={summary.topCountry ?? none} explanation={explain.topCountry} />
        <StatCard
          label="Network diversity"
          value={formatPercent(summary.networkDiversity.diversityScore)}
          explanation={explain.networkDiversity}
          comparison={previousLine(previousPeriod, formatPercent(previous.networkDiversity.diversityScore))}
        />
        <StatCard
          label="Unique companies"
          value={formatNumber(summary.networkDiversity.uniqueCompanies)}
          explanation={explain.uniqueCompanies}
          comparison={previousLine(previousPeriod, previous.networkDiversity.uniqueCompanies)}
        />
      </StatGrid>
      <Panel title="Activity">
        <BarChart
          title={`Contacts saved per ${summary.activityUnit}`}
          description={explain.monthlyActivity}
          categoryLabel={
            summary.activityUnit === 'day' ? 'Day' : summary.activityUnit === 'week' ? 'Week' : 'Month'
          }
          layout="vertical"
          height={260}
          keys={periodKeys('This period', previousPeriod)}
          bars={summary.monthlyActivity.map((bucket) => ({
            category: activityLabel(bucket, summary.activityUnit),
            values: { count: bucket.count, previousCount: bucket.previousCount },
          }))}
        />
      </Panel>
    </>
  );
}
