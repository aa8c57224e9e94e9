// Spec §2 "Real-time attack map": a marker per attacking country at its fixed position, coloured by
// severity; choosing one tells its country, attacks, severity and last attack. With the legend, the
// header line and the last hour's attacks.
import { useState } from 'react';
import type { SecurityDashboard } from '../../../contract/security';
import { Button } from '../../ui/button';
import listStyles from '../../ui/list.module.css';
import { Modal } from '../../ui/modal';
import { Panel } from '../../ui/panel';
import styles from './attack-map.module.css';
import { countryName, countryPosition } from './countries';
import dashboardStyles from './dashboard.module.css';
import { EventTypeLabel } from './event-types';
import { formatMinutesAgo, formatTime } from './format';
import { SEVERITIES, SEVERITY_LEGEND, SEVERITY_NAMES } from './severity';
import { WorldMap } from './world-map';
import { MAP_HEIGHT, MAP_WIDTH, projectPoint } from './world-outline';

type AttackMapData = SecurityDashboard['threatAnalysis']['attackMap'];
type AttackCountry = AttackMapData['countriesArray'][number];

/** Spec §9: the list under the map shows the last 5 attacks. */
const RECENT_ATTACKS_SHOWN = 5;

function attacksWord(attacks: number): string {
  return attacks === 1 ? 'attack' : 'attacks';
}

function Marker({ country, onOpen }: { country: AttackCountry; onOpen: (country: AttackCountry) => void }) {
  const { x, y } = projectPoint(countryPosition(country.name).lonLat);
  return (
    <button
      type="button"
      className={`${styles.marker} ${styles[country.severity]}`}
      style={{ left: `${(x / MAP_WIDTH) * 100}%`, top: `${(y / MAP_HEIGHT) * 100}%` }}
      aria-label={`${countryName(country.name)}: ${country.attacks} ${attacksWord(country.attacks)}, ${SEVERITY_NAMES[country.severity]} severity`}
      onClick={() => onOpen(country)}
    >
      <span className={styles.dot} aria-hidden="true" />
    </button>
  );
}

function Legend() {
  return (
    <ul className={styles.legend} aria-label="Marker colours">
      {SEVERITIES.map((severity) => (
        <li key={severity}>
          <span className={`${styles.swatch} ${styles[severity]}`} aria-hidden="true" />
          {SEVERITY_LEGEND[severity]}
        </li>
      ))}
    </ul>
  );
}

function CountryDetails({ country, onClose }: { country: AttackCountry | null; onClose: () => void }) {
  return (
    <Modal isOpen={country !== null} title="Attack details" onClose={onClose}>
      {country && (
        <>
          <dl className={dashboardStyles.detailList}>
            <dt>Country</dt>
            <dd>{countryName(country.name)}</dd>
            <dt>Attacks</dt>
            <dd>{country.attacks}</dd>
            <dt>Severity</dt>
            <dd>{SEVERITY_NAMES[country.severity]}</dd>
            <dt>Last attack</dt>
            <dd>{formatTime(country.lastAttack)}</dd>
          </dl>
          <Button variant="secondary" onClick={onClose}>
            OK
          </Button>
        </>
      )}
    </Modal>
  );
}

function RecentAttacks({ attacks, now }: { attacks: AttackMapData['recentAttacks']; now: number }) {
  return (
    <div className={styles.recent}>
      <h3 id="security-recent-attacks">Recent attacks</h3>
      {attacks.length === 0 ? (
        <p className={styles.muted}>No recent attacks detected</p>
      ) : (
        <ol className={`${listStyles.stack} ${styles.recentList}`} aria-labelledby="security-recent-attacks">
          {attacks.slice(0, RECENT_ATTACKS_SHOWN).map((attack) => (
            <li key={`${attack.timestamp}-${attack.country}-${attack.eventType}`}>
              <span className={`${styles.swatch} ${styles[attack.severity]}`} aria-hidden="true" />
              <span className={styles.recentCountry}>{countryName(attack.country)}</span>
              <span>
                <EventTypeLabel eventType={attack.eventType} />
              </span>
              <span className={styles.muted}>{formatMinutesAgo(attack.timestamp, now)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The header line: only countries the map knows count. Attacks without a country ('Unknown') or with a
 * code that names none (T1, a Tor exit) still get their marker at the centre, but are no country.
 */
export function threatsHeadline(countries: readonly AttackCountry[]): string {
  if (countries.length === 0) return 'No active threats detected';
  const known = countries.filter((country) => countryPosition(country.name).isKnown).length;
  const unknown = countries.length - known;
  // "from 0 countries" above five attacks read as none: attacks from places no country names say so.
  if (known === 0) return 'Active threats from addresses of no known country';
  const from = `Active threats from ${known} ${known === 1 ? 'country' : 'countries'}`;
  return unknown > 0 ? `${from} and addresses of no known country` : from;
}

export const ATTACK_MAP_ID = 'security-attack-map';

export function AttackMap({ attackMap, now }: { attackMap: AttackMapData; now: number }) {
  const [opened, setOpened] = useState<AttackCountry | null>(null);
  const countries = attackMap.countriesArray;
  return (
    <Panel id={ATTACK_MAP_ID} title="Real-time Attack Map" description={threatsHeadline(countries)}>
      <div className={styles.layout}>
        <div>
          <div className={styles.map}>
            <WorldMap />
            {countries.map((country) => (
              <Marker key={country.name} country={country} onOpen={setOpened} />
            ))}
            {countries.length === 0 && (
              <p className={styles.shield}>
                <span aria-hidden="true">🛡️ </span>Global Security Shield Active
              </p>
            )}
          </div>
          <Legend />
        </div>
        <RecentAttacks attacks={attackMap.recentAttacks} now={now} />
      </div>
      <CountryDetails country={opened} onClose={() => setOpened(null)} />
    </Panel>
  );
}
