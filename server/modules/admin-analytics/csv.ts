// Each table the admin dashboard shows, as a CSV file (beyond the spec: the anchors' most asked-for export).
import type { Kysely } from 'kysely';
import type { AdminExportTable } from '../../../contract/admin-analytics';
import { toCsv } from '../../platform/csv';
import type { Database } from '../../platform/db/schema';
import * as figures from './queries';
import { percentage } from './service';

export async function analyticsTableCsv(
  db: Kysely<Database>,
  table: AdminExportTable,
  timeZone: string,
): Promise<string> {
  switch (table) {
    case 'growth': {
      const days = await figures.dailySignUps(db, timeZone);
      return toCsv(
        ['date', 'newMembers'],
        days.map((day) => [day._id, String(day.count)]),
      );
    }
    case 'devices': {
      const devices = await figures.deviceCounts(db);
      return toCsv(
        ['device', 'signIns'],
        devices.map((device) => [device._id, String(device.count)]),
      );
    }
    case 'countries': {
      const [countries, members] = await Promise.all([
        figures.countryCounts(db),
        figures.memberCounts(db, timeZone),
      ]);
      return toCsv(
        ['country', 'members', 'percentage'],
        countries.map((country) => [
          country._id,
          String(country.count),
          percentage(country.count, members.total).toFixed(1),
        ]),
      );
    }
    case 'registrations': {
      const members = await figures.recentRegistrations(db);
      return toCsv(
        ['email', 'verified', 'createdAt'],
        members.map((member) => [
          member.email,
          member.is_verified ? 'yes' : 'no',
          member.created_at.toISOString(),
        ]),
      );
    }
    case 'logins': {
      const logins = await figures.recentLogins(db);
      return toCsv(
        ['email', 'loginAt', 'device', 'country'],
        logins.map((login) => [
          login.email,
          login.started_at.toISOString(),
          login.device,
          login.country ?? '',
        ]),
      );
    }
  }
}
