// Builders shared by the insights unit tests.
import type { InsightPreferences } from '../../contract/insights';

/** A member who chose nothing yet: the server's defaults. */
export const noPreferences: InsightPreferences = {
  industries: [],
  technologies: [],
  companies: [],
  eventTypes: [],
  businessStages: [],
  customInterests: '',
  locationPreferences: {
    useCurrentLocation: true,
    preferredCountries: [],
    preferredCities: [],
    locationOverride: { country: '', city: '' },
  },
};

/** What every digest answer carries besides its items. */
export const digestFields = {
  producedBy: 'extractive',
  generatedAt: '2026-11-24T08:00:00.000Z',
  fromCache: false,
  refresh: { limit: 1, used: 0, remaining: 1 },
} as const;
