// Sessions (spec §2): Online Now, Avg Duration (min), Sessions Today, Total Sessions, the last 10 logins.
import { ADMIN_LIST_LIMIT, type AdminAnalyticsData } from '../../../contract/admin-analytics';
import { sessionFigures } from './admin-figures';
import { FiguresWithList } from './figures-with-list';
import { RecentLogins } from './recent-activity';

export function SessionsTab({ data }: { data: AdminAnalyticsData }) {
  return (
    <FiguresWithList
      figures={sessionFigures(data, { withTotal: true })}
      timeZone={data.timeZone}
      listTitle={`Last ${ADMIN_LIST_LIMIT} logins`}
      table="logins"
    >
      <RecentLogins
        logins={data.recentActivity.recentLogins.slice(0, ADMIN_LIST_LIMIT)}
        empty="No logins yet"
      />
    </FiguresWithList>
  );
}
