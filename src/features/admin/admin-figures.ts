// The admin figures of spec §2, each with its name and the server's one-line rule.
import type { AdminAnalyticsData } from '../../../contract/admin-analytics';
import type { Figure } from './figures';
import { formatCount, oneDecimal } from './format';

/** The server's one-line rule of a figure, keyed like the figure ('sessions.onlineNow'). */
export function definitionOf(data: AdminAnalyticsData, key: string): string | undefined {
  return data.definitions[key];
}

/** Total Users, New Today, Active Today, Verified (with the rate in % to one decimal). */
export function userFigures(data: AdminAnalyticsData): Figure[] {
  const { users } = data;
  return [
    { label: 'Total Users', value: formatCount(users.total), rule: definitionOf(data, 'users.total') },
    { label: 'New Today', value: formatCount(users.newToday), rule: definitionOf(data, 'users.newToday') },
    {
      label: 'Active Today',
      value: formatCount(users.activeToday),
      rule: definitionOf(data, 'users.activeToday'),
    },
    {
      label: 'Verified',
      value: `${oneDecimal(users.verificationRate)}%`,
      detail: `${formatCount(users.verified)} of ${formatCount(users.total)} members`,
      rule: definitionOf(data, 'users.verificationRate'),
    },
  ];
}

export function onlineNowFigure(data: AdminAnalyticsData): Figure {
  return {
    label: 'Online Now',
    value: formatCount(data.sessions.onlineNow),
    rule: definitionOf(data, 'sessions.onlineNow'),
  };
}

/** Online Now, Avg Duration (min), Sessions Today; the Sessions tab adds Total Sessions. */
export function sessionFigures(data: AdminAnalyticsData, { withTotal }: { withTotal: boolean }): Figure[] {
  const { sessions } = data;
  const figures: Figure[] = [
    onlineNowFigure(data),
    {
      label: 'Avg Duration (min)',
      value: oneDecimal(sessions.avgDurationMinutes),
      rule: definitionOf(data, 'sessions.avgDurationMinutes'),
    },
    {
      label: 'Sessions Today',
      value: formatCount(sessions.todayCount),
      rule: definitionOf(data, 'sessions.todayCount'),
    },
  ];
  if (!withTotal) return figures;
  return [
    ...figures,
    {
      label: 'Total Sessions',
      value: formatCount(sessions.totalSessions),
      rule: definitionOf(data, 'sessions.totalSessions'),
    },
  ];
}
