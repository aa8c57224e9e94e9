// The 30-day daily new-members line (spec §2 Overview, Growth; §9 30-day charts).
import type { AdminAnalyticsData } from '../../../contract/admin-analytics';
import { LineChart } from '../../ui/charts/line-chart';
import { definitionOf } from './admin-figures';
import { formatDay } from './format';

export function GrowthChart({ data, height }: { data: AdminAnalyticsData; height?: number }) {
  return (
    <LineChart
      title="New users per day (last 30 days)"
      description={definitionOf(data, 'growth.daily')}
      xLabel="Date"
      formatX={formatDay}
      height={height}
      series={[
        {
          id: 'newUsers',
          label: 'New users',
          points: data.growth.daily.map((day) => ({ x: day._id, y: day.count })),
        },
      ]}
    />
  );
}
