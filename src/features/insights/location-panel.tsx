// The location part of the insight preferences (spec §3 locationPreferences, §4): the member's current
// location or an override country and city, plus preferred countries and cities.
import { citiesOf } from '../../../contract/insight-options';
import type { InsightPreferences } from '../../../contract/insights';
import { Panel } from '../../ui/panel';
import styles from './insights.module.css';
import { LabelledSelect } from './labelled-select';
import { OptionChips } from './option-chips';
import {
  overrideCities,
  setOverrideCity,
  setOverrideCountry,
  setUseCurrentLocation,
  togglePreferredCity,
  togglePreferredCountry,
} from './preference-changes';

interface LocationPanelProps {
  preferences: InsightPreferences;
  countries: readonly string[];
  onChange: (next: InsightPreferences) => void;
}

export function LocationPanel({ preferences, countries, onChange }: LocationPanelProps) {
  const location = preferences.locationPreferences;
  const cities = overrideCities(preferences);
  const preferredCityOptions = location.preferredCountries.flatMap((country) => citiesOf(country));
  return (
    <Panel title="Location">
      <div className={styles.checkRow}>
        <input
          id="use-current-location"
          type="checkbox"
          className={styles.checkbox}
          checked={location.useCurrentLocation}
          aria-describedby="use-current-location-hint"
          onChange={(event) => onChange(setUseCurrentLocation(preferences, event.target.checked))}
        />
        <label htmlFor="use-current-location">Use my current location</label>
        <p id="use-current-location-hint" className={styles.hint}>
          Turn this off to choose a country and city yourself.
        </p>
      </div>
      {!location.useCurrentLocation && (
        <div className={styles.selectRow}>
          <LabelledSelect
            id="override-country"
            label="Country"
            value={location.locationOverride.country}
            noneLabel="Choose a country"
            options={countries}
            onChange={(country) => onChange(setOverrideCountry(preferences, country))}
          />
          {cities.length > 0 && (
            <LabelledSelect
              id="override-city"
              label="City"
              value={location.locationOverride.city}
              noneLabel="Any city"
              options={cities}
              onChange={(city) => onChange(setOverrideCity(preferences, city))}
            />
          )}
        </div>
      )}
      <details className={styles.disclosure} open={location.preferredCountries.length > 0}>
        <summary>Preferred countries</summary>
        <OptionChips
          legend="Countries"
          options={countries}
          selected={location.preferredCountries}
          onToggle={(country) => onChange(togglePreferredCountry(preferences, country))}
        />
        {preferredCityOptions.length > 0 && (
          <OptionChips
            legend="Cities"
            options={preferredCityOptions}
            selected={location.preferredCities}
            onToggle={(city) => onChange(togglePreferredCity(preferences, city))}
          />
        )}
      </details>
    </Panel>
  );
}
