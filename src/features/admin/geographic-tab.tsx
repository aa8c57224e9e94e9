// Geographic (spec §2): up to 20 countries with their members and share of all members (one decimal).
import { ADMIN_COUNTRY_LIMIT, type AdminAnalyticsData } from '../../../contract/admin-analytics';
import { Panel } from '../../ui/panel';
import styles from './admin.module.css';
import { definitionOf } from './admin-figures';
import { ExportButton } from './export-button';
import { countryName, formatCount, percentOf } from './format';

export const NO_GEOGRAPHY = 'No geographical data available';

export function GeographicTab({ data }: { data: AdminAnalyticsData }) {
  const countries = data.geography.countries.slice(0, ADMIN_COUNTRY_LIMIT);
  const total = data.users.total;
  return (
    <div className={styles.tabBody}>
      <Panel
        title="Countries"
        description={definitionOf(data, 'geography.countries')}
        aside={countries.length > 0 && <ExportButton table="countries" label="Export CSV" />}
      >
        {countries.length === 0 ? (
          <p className={styles.empty}>{NO_GEOGRAPHY}</p>
        ) : (
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
        )}
      </Panel>
    </div>
  );
}
