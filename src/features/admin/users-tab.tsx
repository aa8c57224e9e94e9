// Users (spec §2): the member figures and the last 10 registrations with their verified state.
import { ADMIN_LIST_LIMIT, type AdminAnalyticsData } from '../../../contract/admin-analytics';
import { userFigures } from './admin-figures';
import { FiguresWithList } from './figures-with-list';
import { RecentRegistrations } from './recent-activity';

export function UsersTab({ data }: { data: AdminAnalyticsData }) {
  return (
    <FiguresWithList
      figures={userFigures(data)}
      timeZone={data.timeZone}
      listTitle={`Last ${ADMIN_LIST_LIMIT} registrations`}
      table="registrations"
    >
      <RecentRegistrations
        registrations={data.recentActivity.recentRegistrations.slice(0, ADMIN_LIST_LIMIT)}
        empty="No registrations yet"
      />
    </FiguresWithList>
  );
}
