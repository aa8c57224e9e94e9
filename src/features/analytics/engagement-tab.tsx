// Engagement tab: what visitors did on the card page each day of the range, against the period before.
import type { EngagementDay } from '../../../contract/analytics';
import type { UserAnalytics } from '../../api/analytics';
import type { ResourceState } from '../../sync/use-cached-resource';
import { LineChart } from '../../ui/charts/line-chart';
import { Panel } from '../../ui/panel';
import { CountingNote } from './counting-note';
import {
  formatAverage,
  formatNumber,
  formatShortDay,
  formatTrend,
  previousLine,
  previousPeriodLabel,
} from './figures';
import { ResourceView } from './resource-view';
import { StatCard, StatGrid } from './stat-card';

type Engagement = UserAnalytics<'engagement'>;
type DailyFigure = Exclude<keyof EngagementDay, 'date'>;

type Total = Exclude<keyof Engagement['summary'], 'totalEngagements' | 'avgDailyEngagement'>;

/** Each kind of engagement: its field per day and its total over the range. */
const DAILY_FIGURES: readonly { id: DailyFigure; total: Total; label: string }[] = [
  { id: 'profileViews', total: 'totalProfileViews', label: 'Profile views' },
  { id: 'nfcScans', total: 'totalNfcScans', label: 'NFC scans' },
  { id: 'verifiedTaps', total: 'totalVerifiedTaps', label: 'Verified taps' },
  { id: 'linkClicks', total: 'totalLinkClicks', label: 'Link clicks' },
  { id: 'contactSaves', total: 'totalContactSaves', label: 'Contact saves' },
];

/** As the server's total: a tap is how a view came, not an engagement of its own. */
function dayTotal(day: EngagementDay): number {
  return day.profileViews + day.linkClicks + day.contactSaves;
}

export function EngagementTab({
  engagement,
}: {
  engagement: ResourceState<Engagement> & { retry: () => void };
}) {
  return (
    <ResourceView
      state={engagement}
      loadingLabel="Loading engagement…"
      isEmpty={(value) =>
        value.summary.totalEngagements === 0 && value.previous.summary.totalEngagements === 0
      }
    >
      {(value) => <EngagementReport engagement={value} />}
    </ResourceView>
  );
}

function EngagementReport({ engagement }: { engagement: Engagement }) {
  const { summary, previous, previousPeriod, explanations: explain } = engagement;
  const days = engagement.engagementData;
  return (
    <>
      <CountingNote countingSince={engagement.countingSince} previousPeriod={previousPeriod} />
      <StatGrid label="Engagement">
        {DAILY_FIGURES.map((figure) => (
          <StatCard
            key={figure.id}
            label={figure.label}
            value={formatNumber(summary[figure.total])}
            explanation={explain[figure.id]}
            comparison={previousLine(previousPeriod, previous.summary[figure.total])}
          />
        ))}
        <StatCard
          label="Total engagements"
          value={formatNumber(summary.totalEngagements)}
          explanation={explain.totalEngagements}
          comparison={`${formatTrend(engagement.trend)} against the previous ${previousPeriod.days} days`}
        />
        <StatCard
          label="Average daily engagement"
          value={formatAverage(summary.avgDailyEngagement, summary.totalEngagements)}
          explanation={explain.avgDailyEngagement}
          comparison={previousLine(
            previousPeriod,
            formatAverage(previous.summary.avgDailyEngagement, previous.summary.totalEngagements),
          )}
        />
      </StatGrid>
      <Panel title="Day by day">
        <LineChart
          title="Daily engagement"
          description="Each kind of engagement per day of the range."
          xLabel="Date"
          formatX={formatShortDay}
          series={DAILY_FIGURES.map((figure) => ({
            id: figure.id,
            label: figure.label,
            points: days.map((day) => ({ x: day.date, y: day[figure.id] })),
          }))}
        />
        <LineChart
          title="Total engagements per day, against the previous period"
          description={`Day by day: this range in colour, the ${previousPeriod.days} days before it in grey.`}
          xLabel="Date"
          formatX={formatShortDay}
          series={[
            {
              id: 'current',
              label: 'This period',
              points: days.map((day) => ({ x: day.date, y: dayTotal(day) })),
            },
            {
              id: 'previous',
              label: previousPeriodLabel(previousPeriod.days),
              isPrevious: true,
              points: days.map((day, index) => {
                const before = previous.engagementData[index];
                return { x: day.date, y: before ? dayTotal(before) : 0 };
              }),
            },
          ]}
        />
      </Panel>
    </>
  );
}
