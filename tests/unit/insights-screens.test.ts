// What the insights screens decide on the device: the preference changes of spec §4/§5 (limits with
// their messages, the country override clearing the city, the city selector rule), the 100-character
// news preview, detail paragraphs, share falling back to the clipboard, and the contacts' companies a
// news item mentions (issue 13 part 8).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InsightPreferences } from '../../contract/insights';
import { PREVIEW_SUMMARY_LENGTH, previewSummary } from '../../src/features/insights/news-card';
import { paragraphsOf } from '../../src/features/insights/news-detail-modal';
import {
  overrideCities,
  setOverrideCity,
  setOverrideCountry,
  setUseCurrentLocation,
  toggleOption,
  togglePreferredCity,
  togglePreferredCountry,
} from '../../src/features/insights/preference-changes';
import { companiesMentioned, companyMarkText, contactCompanies } from '../../src/sync/insights-company-marks';
import { shareContent } from '../../src/ui/share';
import { noPreferences } from './insights-fixtures';

const empty = noPreferences;

function next(change: ReturnType<typeof toggleOption>): InsightPreferences {
  if ('refused' in change) throw new Error(change.refused);
  return change.next;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('preference changes', () => {
  it('refuses a fourth industry with the spec’s message and keeps the three', () => {
    let preferences = empty;
    for (const industry of ['Technology', 'Finance', 'Healthcare']) {
      preferences = next(toggleOption(preferences, 'industries', industry));
    }
    expect(toggleOption(preferences, 'industries', 'Retail')).toEqual({
      refused: 'You can select maximum 3 industries. Please deselect one first.',
    });
    // Deselecting is always allowed, and makes room again.
    const two = next(toggleOption(preferences, 'industries', 'Finance'));
    expect(two.industries).toEqual(['Technology', 'Healthcare']);
    expect(next(toggleOption(two, 'industries', 'Retail')).industries).toHaveLength(3);
  });

  it('refuses a sixth technology with the spec’s message', () => {
    const five: InsightPreferences = {
      ...empty,
      technologies: ['5G', 'DevOps', 'Robotics', 'Blockchain', 'Fintech'],
    };
    expect(toggleOption(five, 'technologies', 'Open Source')).toEqual({
      refused: 'You can select maximum 5 technologies. Please deselect one first.',
    });
  });

  it('has no limit on event types', () => {
    let preferences = empty;
    for (const type of ['Conference', 'Meetup', 'Workshop', 'Webinar', 'Summit', 'Hackathon']) {
      preferences = next(toggleOption(preferences, 'eventTypes', type));
    }
    expect(preferences.eventTypes).toHaveLength(6);
  });

  it('shows cities only with the override on and cities known for its country; a new country clears the city', () => {
    expect(overrideCities(setOverrideCountry(empty, 'Germany'))).toEqual([]);
    const override = setOverrideCountry(setUseCurrentLocation(empty, false), 'Germany');
    expect(overrideCities(override)).toContain('Berlin');
    expect(overrideCities(setOverrideCountry(override, 'Brazil'))).toEqual([]);

    const berlin = setOverrideCity(override, 'Berlin');
    expect(berlin.locationPreferences.locationOverride).toEqual({ country: 'Germany', city: 'Berlin' });
    expect(setOverrideCountry(berlin, 'France').locationPreferences.locationOverride).toEqual({
      country: 'France',
      city: '',
    });
  });

  it('drops the preferred cities of a preferred country taken off the list', () => {
    const withCities = togglePreferredCity(
      togglePreferredCity(togglePreferredCountry(togglePreferredCountry(empty, 'Japan'), 'Canada'), 'Tokyo'),
      'Toronto',
    );
    const withoutJapan = togglePreferredCountry(withCities, 'Japan');
    expect(withoutJapan.locationPreferences.preferredCountries).toEqual(['Canada']);
    expect(withoutJapan.locationPreferences.preferredCities).toEqual(['Toronto']);
  });
});

describe('news on the screens', () => {
  it('cuts the dashboard preview to 100 characters', () => {
    const long = 'word '.repeat(40);
    expect(previewSummary(long)).toHaveLength(PREVIEW_SUMMARY_LENGTH);
    expect(previewSummary(long).endsWith('…')).toBe(true);
    expect(previewSummary('Short summary.')).toBe('Short summary.');
  });

  it('splits the detailed summary into paragraphs on blank lines', () => {
    expect(paragraphsOf('First line\nstill first.\n\n  \nSecond.\n\nThird.')).toEqual([
      'First line\nstill first.',
      'Second.',
      'Third.',
    ]);
  });

  it('shares through the share sheet, else copies, else says it failed; a cancelled share is no failure', async () => {
    const content = { title: 'Acme', text: 'Acme raised.', url: 'https://news.example.test/a' };
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { share: vi.fn(async () => {}), clipboard: { writeText } });
    expect(await shareContent(content)).toBe('shared');

    vi.stubGlobal('navigator', {
      share: async () => {
        throw new DOMException('cancelled', 'AbortError');
      },
      clipboard: { writeText },
    });
    expect(await shareContent(content)).toBe('cancelled');

    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await shareContent(content)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('Acme\n\nAcme raised.\n\nhttps://news.example.test/a');

    vi.stubGlobal('navigator', {
      share: async () => {
        throw new DOMException('not allowed', 'NotAllowedError');
      },
      clipboard: {
        writeText: async () => {
          throw new Error('denied');
        },
      },
    });
    expect(await shareContent(content)).toBe('failed');
  });
});

describe('contacts’ companies in the news', () => {
  const companies = contactCompanies([
    { company: 'Acme Ltd' },
    { company: 'ACME' },
    { company: 'Globex Corporation' },
    { company: 'Initech' },
    { company: 'HP' },
    { company: '' },
  ]);

  it('counts contacts per company however they spelled it, without legal forms or very short names', () => {
    expect(companies.map(({ company, contactCount }) => [company, contactCount])).toEqual([
      ['Acme Ltd', 2],
      ['Globex Corporation', 1],
      ['Initech', 1],
    ]);
  });

  it('marks whole-word mentions only, most contacts first, in the member’s words', () => {
    const mentioned = companiesMentioned('Globex and ACME sign a deal; Acmeville celebrates', companies);
    expect(mentioned.map(companyMarkText)).toEqual([
      '2 of your contacts work at Acme Ltd',
      '1 of your contacts works at Globex Corporation',
    ]);
    expect(companiesMentioned('Acmeville and Initechnology', companies)).toEqual([]);
  });
});
