// /analytics: a dashboard of sample data showing what analytics look like, over the last 7, 30 or 90
// days (last 30 by default), with Back to Insights (spec §2). Its tracking events are page views.
import { useState } from 'react';
import { Link } from 'react-router';
import { sendPageView } from '../../api/page-views';
import { Badge } from '../../ui/badge';
import { buttonClassName } from '../../ui/button';
import { BarChart } from '../../ui/charts/bar-chart';
import { LineChart } from '../../ui/charts/line-chart';
import { PieChart } from '../../ui/charts/pie-chart';
import { Notice } from '../../ui/notice';
import { Panel } from '../../ui/panel';
import { Screen } from '../../ui/screen';
import styles from './analytics.module.css';
import { formatNumber, formatPercent, formatShortDay, localToday, previousPeriodLabel } from './figures';
import { RangeButtons } from './range-buttons';
import { lastDays, SAMPLE_COUNTRIES, SAMPLE_SOURCES, sampleDay, splitByShare } from './sample-data';
import { StatCard, StatGrid } from './stat-card';

const RANGES = [
  { id: '7', label: 'Last 7 days' },
  { id: '30', label: 'Last 30 days' },
  { id: '90', label: 'Last 90 days' },
] as const;
type SampleRange = (typeof RANGES)[number]['id'];

/** Spec §9: the sample dashboard opens on the last 30 days. */
const DEFAULT_SAMPLE_RANGE: SampleRange = '30';

/** The sample page's client-only tracking events (spec §2), counted with the page views. */
function trackSampleEvent(event: string): void {
  sendPageView({ path: `/analytics/events/${event}` });
}

export function SampleAnalyticsScreen() {
  const [range, setRange] = useState<SampleRange>(DEFAULT_SAMPLE_RANGE);
  const dayCount = Number(range);
  const today = localToday();
  const days = lastDays(today, dayCount).map(sampleDay);
  const before = lastDays(lastDays(today, dayCount + 1)[0] ?? today, dayCount).map(sampleDay);
  const views = days.reduce((sum, day) => sum + day.views, 0);
  const saves = days.reduce((sum, day) => sum + day.saves, 0);
  const previousViews = before.reduce((sum, day) => sum + day.views, 0);

  function chooseRange(next: SampleRange) {
    setRange(next);
    trackSampleEvent(`date-range-${next}-days`);
  }

  return (
    <Screen title="Analytics Dashboard" width="wide" titleAside={<Badge tone="neutral">Sample data</Badge>}>
      <Notice tone="info" title="Sample data">
        Every figure on this page is made up, to show what the dashboard looks like. Your own figures are in{' '}
        <Link to="/insights/analytics">Analytics</Link>.
      </Notice>
      <RangeButtons label="Date range" options={RANGES} selected={range} onSelect={chooseRange} />
      <StatGrid label="Sample summary">
        <StatCard
          label="Profile views"
          value={formatNumber(views)}
          explanation="Sample: times a card page was opened in the range."
          comparison={`${previousPeriodLabel(dayCount)}: ${formatNumber(previousViews)}`}
        />
        <StatCard
          label="Contact saves"
          value={formatNumber(saves)}
          explanation="Sample: times a visitor saved the card in the range."
        />
        <StatCard
          label="Save rate"
          value={formatPercent(views === 0 ? 0 : Math.round((saves / views) * 1000) / 10)}
          explanation="Sample: contact saves per 100 profile views."
        />
      </StatGrid>
      <Panel title="Profile views (sample)">
        <LineChart
          title="Profile views per day (sample)"
          description={`Sample data: views per day, the ${dayCount} days before in grey.`}
          xLabel="Date"
          formatX={formatShortDay}
          series={[
            { id: 'views', label: 'This period', points: days.map((day) => ({ x: day.date, y: day.views })) },
            {
              id: 'previous',
              label: previousPeriodLabel(dayCount),
              isPrevious: true,
              points: days.map((day, index) => ({ x: day.date, y: before[index]?.views ?? 0 })),
            },
          ]}
        />
      </Panel>
      <div className={styles.columns}>
        <Panel title="View sources (sample)">
          <PieChart
            title="Where views came from (sample)"
            description="Sample data: views by how the visitor came."
            categoryLabel="Source"
            valueLabel="Views"
            slices={splitByShare(SAMPLE_SOURCES, views).map(({ id, label, value }) => ({ id, label, value }))}
            previous={{
              label: previousPeriodLabel(dayCount),
              values: Object.fromEntries(
                splitByShare(SAMPLE_SOURCES, previousViews).map(({ id, value }) => [id, value]),
              ),
            }}
          />
        </Panel>
        <Panel title="Countries (sample)">
          <BarChart
            title="Top 8 countries (sample)"
            description="Sample data: views by the visitor's country."
            categoryLabel="Country"
            keys={[
              { id: 'views', label: 'Views' },
              { id: 'previousViews', label: previousPeriodLabel(dayCount), isPrevious: true },
            ]}
            bars={splitByShare(SAMPLE_COUNTRIES, views).map((item) => ({
              category: item.country,
              values: { views: item.value, previousViews: Math.round(previousViews * item.share) },
            }))}
          />
        </Panel>
      </div>
      <Link
        to="/insights"
        className={buttonClassName({ variant: 'secondary', className: styles.backToInsights })}
      >
        Back to Insights
      </Link>
    </Screen>
  );
}
