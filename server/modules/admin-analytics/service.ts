// The admin analytics answer (insights-and-operators.md §3) assembled from its figures, each with the
// one-line rule the dashboard shows beside it, and the "what we keep and for how long" line.

import type { Kysely } from 'kysely';
import {
  ADMIN_CHART_DAYS,
  ADMIN_COUNTRY_LIMIT,
  type AdminAnalyticsData,
  CARD_TAP_WINDOW_DAYS,
  ONLINE_NOW_MINUTES,
  VISIT_IDLE_MINUTES,
} from '../../../contract/admin-analytics';
import type { Database } from '../../platform/db/schema';
import * as figures from './queries';

export interface AnalyticsSettings {
  timeZone: string;
  sessionRetentionDays: number;
}

/** `part / whole × 100` to one decimal; 0 when there is no whole (never NaN). */
export function percentage(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}

function minutesToOneDecimal(seconds: number): number {
  return Math.round((seconds / 60) * 10) / 10;
}

export function definitions(timeZone: string): Record<string, string> {
  const today = `since midnight (${timeZone})`;
  return {
    'users.total': 'Total Users: member accounts, verified or not (operators not counted).',
    'users.newToday': `New Today: member accounts created ${today}.`,
    'users.activeToday': `Active Today: members with any activity ${today}.`,
    'users.verificationRate': 'Verified: members who confirmed their e-mail, as a share of all members.',
    'sessions.onlineNow': `Online Now: members active in the last ${ONLINE_NOW_MINUTES} minutes.`,
    'sessions.avgDurationMinutes': `Avg Duration: mean length of the visits started in the last ${ADMIN_CHART_DAYS} days (UTC); a visit ends after ${VISIT_IDLE_MINUTES} minutes without activity.`,
    'sessions.todayCount': `Sessions Today: visits started ${today}.`,
    'sessions.totalSessions': 'Total Sessions: every visit still kept.',
    'growth.daily': `New members per day over the last ${ADMIN_CHART_DAYS} days (${timeZone}).`,
    'devices.devices': `Sign-ins of the last ${ADMIN_CHART_DAYS} days (UTC) by device class; undetectable devices show as Unknown.`,
    'geography.countries': `Members by the country of their latest sign-in (up to ${ADMIN_COUNTRY_LIMIT} countries); the percentage is of all members.`,
    'cards.funnel': `Cards issued, claimed by a member, and claimed cards tapped at least once in the last ${CARD_TAP_WINDOW_DAYS} days.`,
    'offlineSaves.percentage': `Contact saves of the last ${ADMIN_CHART_DAYS} days that were made offline and synced later.`,
  };
}

export function retentionLine(days: number): string {
  return `What we keep: for each sign-in, the device class, OS and browser families and the country, never the IP address; sessions and visits are deleted after ${days} days.`;
}

export async function loadAdminAnalytics(
  db: Kysely<Database>,
  settings: AnalyticsSettings,
): Promise<AdminAnalyticsData> {
  const { timeZone, sessionRetentionDays } = settings;
  const [members, active, online, visits, daily, devices, countries, logins, registrations, cards, saves] =
    await Promise.all([
      figures.memberCounts(db, timeZone),
      figures.activeToday(db, timeZone),
      figures.onlineNow(db),
      figures.visitCounts(db, timeZone),
      figures.dailySignUps(db, timeZone),
      figures.deviceCounts(db),
      figures.countryCounts(db),
      figures.recentLogins(db),
      figures.recentRegistrations(db),
      figures.cardFunnel(db),
      figures.contactSaves(db),
    ]);
  return {
    users: {
      total: members.total,
      newToday: members.newToday,
      activeToday: active,
      verificationRate: percentage(members.verified, members.total),
      verified: members.verified,
    },
    sessions: {
      onlineNow: online,
      avgDurationMinutes: minutesToOneDecimal(visits.avgSeconds),
      todayCount: visits.today,
      totalSessions: visits.total,
    },
    growth: { daily },
    devices: { devices },
    geography: { countries },
    recentActivity: {
      recentLogins: logins.map((login) => ({
        user: { email: login.email },
        loginAt: login.started_at.toISOString(),
        device: login.device,
        country: login.country,
      })),
      recentRegistrations: registrations.map((member) => ({
        email: member.email,
        isVerified: member.is_verified,
        createdAt: member.created_at.toISOString(),
      })),
    },
    cards,
    offlineSaves: {
      total: saves.total,
      offline: saves.offline,
      percentage: percentage(saves.offline, saves.total),
      days: ADMIN_CHART_DAYS,
    },
    retention: { sessionDays: sessionRetentionDays, line: retentionLine(sessionRetentionDays) },
    timeZone,
    definitions: definitions(timeZone),
    generatedAt: new Date().toISOString(),
  };
}
