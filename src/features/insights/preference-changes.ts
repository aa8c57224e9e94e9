// The changes a member makes on /insight-preferences (insights-and-operators.md §3, §4, §5), as pure
// functions of the preference set: each gives the next set, or the spec's refusal.
import { citiesOf, OVERRIDE_COUNTRIES } from '../../../contract/insight-options';
import {
  INDUSTRY_LIMIT_MESSAGE,
  type InsightPreferences,
  MAX_INDUSTRIES,
  MAX_TECHNOLOGIES,
  TECHNOLOGY_LIMIT_MESSAGE,
} from '../../../contract/insights';

export type Change = { next: InsightPreferences } | { refused: string };

/** The option lists a member picks several of, and the spec's limit where there is one. */
export const OPTION_FIELDS = {
  industries: { max: MAX_INDUSTRIES, refusal: INDUSTRY_LIMIT_MESSAGE },
  technologies: { max: MAX_TECHNOLOGIES, refusal: TECHNOLOGY_LIMIT_MESSAGE },
  eventTypes: { max: null, refusal: '' },
  businessStages: { max: null, refusal: '' },
} as const;
export type OptionField = keyof typeof OPTION_FIELDS;

function toggled(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
}

/** Picks or drops an option; a pick past the limit is refused (spec §5: deselect one first). */
export function toggleOption(preferences: InsightPreferences, field: OptionField, value: string): Change {
  const current: readonly string[] = preferences[field];
  const { max, refusal } = OPTION_FIELDS[field];
  if (!current.includes(value) && max !== null && current.length >= max) return { refused: refusal };
  // The values come from the field's own option list.
  return { next: { ...preferences, [field]: toggled(current, value) } as InsightPreferences };
}

export function addCompany(preferences: InsightPreferences, name: string): InsightPreferences {
  const company = name.trim();
  const isKnown = preferences.companies.some((known) => known.toLowerCase() === company.toLowerCase());
  if (!company || isKnown) return preferences;
  return { ...preferences, companies: [...preferences.companies, company] };
}

export function removeCompany(preferences: InsightPreferences, name: string): InsightPreferences {
  return { ...preferences, companies: preferences.companies.filter((company) => company !== name) };
}

type Location = InsightPreferences['locationPreferences'];

function withLocation(preferences: InsightPreferences, change: Partial<Location>): InsightPreferences {
  return { ...preferences, locationPreferences: { ...preferences.locationPreferences, ...change } };
}

export function setUseCurrentLocation(preferences: InsightPreferences, useCurrentLocation: boolean) {
  return withLocation(preferences, { useCurrentLocation });
}

/** Spec §4: changing the country override clears the city. */
export function setOverrideCountry(preferences: InsightPreferences, country: string): InsightPreferences {
  const known = OVERRIDE_COUNTRIES.find((option) => option === country) ?? '';
  return withLocation(preferences, { locationOverride: { country: known, city: '' } });
}

export function setOverrideCity(preferences: InsightPreferences, city: string): InsightPreferences {
  const { country } = preferences.locationPreferences.locationOverride;
  return withLocation(preferences, { locationOverride: { country, city } });
}

/** Spec §4: the city selector shows only with the override on and cities known for its country. */
export function overrideCities(preferences: InsightPreferences): readonly string[] {
  const { useCurrentLocation, locationOverride } = preferences.locationPreferences;
  return useCurrentLocation ? [] : citiesOf(locationOverride.country);
}

/** A preferred country dropped takes its preferred cities with it. */
export function togglePreferredCountry(preferences: InsightPreferences, country: string): InsightPreferences {
  const { preferredCountries, preferredCities } = preferences.locationPreferences;
  const countries = toggled(preferredCountries, country);
  const kept = new Set(countries.flatMap((name) => citiesOf(name)));
  return withLocation(preferences, {
    // The values come from the country option list.
    preferredCountries: countries as Location['preferredCountries'],
    preferredCities: preferredCities.filter((city) => kept.has(city)),
  });
}

export function togglePreferredCity(preferences: InsightPreferences, city: string): InsightPreferences {
  return withLocation(preferences, {
    preferredCities: toggled(preferences.locationPreferences.preferredCities, city),
  });
}
