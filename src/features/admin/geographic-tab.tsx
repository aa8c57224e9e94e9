// Geographic (spec §2): up to 20 countries with their members and share of all members (one decimal).
import { ADMIN_COUNTRY_LIMIT, type AdminAnalyticsData } from '../../../contract/admin-analytics';
import styles from './admin.module.css';
import { definitionOf } from './admin-figures';
import { ExportPanelTab } from './export-panel-tab';
import { countryName, formatCount, percentOf } from './format';

export const NO_GEOGRAPHY = 'No geographical data available';

export function GeographicTab({ data }: { data: AdminAnalyticsData }) {
  const countries = data.geography.countries.slice(0, ADMIN_COUNTRY_LIMIT);
  const total = data.users.total;
  return (
    <ExportPanelTab
      title="Countries"
      description={definitionOf(data, 'geography.countries')}
      table="countries"
      isEmpty={countries.length === 0}
      emptyMessage={NO_GEOGRAPHY}
    >
      <table className={styles.table}>
        <caption className="visually-hidden">Members by country</caption>
        <thead>
          <tr>
            <th scope="col">Country</th>
            <th scope="col" className={styles.number}>
              Users
            </th>
            <th scope="col" className={styles.number}>
              Percentage
            </th>
          </tr>
        </thead>
        <tbody>
          {countries.map((country) => (
            <tr key={country._id}>
              <th scope="row">{countryName(country._id)}</th>
              <td className={styles.number}>{formatCount(country.count)}</td>
              <td className={styles.number}>{percentOf(country.count, total)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ExportPanelTab>
  );
}
