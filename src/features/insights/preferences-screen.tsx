// /insight-preferences (insights-and-operators.md §2, §3, §4, §5): what the member's events and news are
// chosen by. Every change saves itself; custom interests save with their own button.
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  BUSINESS_STAGES,
  EVENT_TYPES,
  INDUSTRIES,
  OVERRIDE_COUNTRIES,
  TECHNOLOGIES,
} from '../../../contract/insight-options';
import type { InsightPreferences } from '../../../contract/insights';
import { InsightPreferencesResource } from '../../api/insights';
import { useCachedResource } from '../../sync/use-cached-resource';
import { Button, buttonClassName } from '../../ui/button';
import { Field } from '../../ui/field';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Panel } from '../../ui/panel';
import { Screen } from '../../ui/screen';
import styles from './insights.module.css';
import { LocationPanel } from './location-panel';
import { INSIGHTS_MESSAGES } from './messages';
import { OptionChips } from './option-chips';
import {
  addCompany,
  OPTION_FIELDS,
  type OptionField,
  removeCompany,
  toggleOption,
} from './preference-changes';
import { type PreferencesAutosave, usePreferencesAutosave } from './use-preferences-autosave';

export function PreferencesScreen() {
  // Another device may have changed them since this copy: the server is asked before they are shown.
  const load = useCachedResource(InsightPreferencesResource, { isAskedFirst: true });
  return (
    <Screen title="Insight Preferences" backTo="/settings" width="reading">
      {load.status === 'loading' && <LoadingPlaceholder label="Loading your insight preferences…" />}
      {load.status === 'failed' && <LoadFailed message={INSIGHTS_MESSAGES.loadFailed} onRetry={load.retry} />}
      {load.status === 'ready' && <PreferencesForm loaded={load.value.preferences} />}
    </Screen>
  );
}

const OPTION_GROUPS: { field: OptionField; legend: string; options: readonly string[] }[] = [
  { field: 'industries', legend: 'Industries', options: INDUSTRIES },
  { field: 'technologies', legend: 'Technologies', options: TECHNOLOGIES },
  { field: 'eventTypes', legend: 'Event types', options: EVENT_TYPES },
  { field: 'businessStages', legend: 'Business stages', options: BUSINESS_STAGES },
];

function PreferencesForm({ loaded }: { loaded: InsightPreferences }) {
  const autosave = usePreferencesAutosave(loaded);
  const { preferences, change } = autosave;
  const [refusal, setRefusal] = useState<{ field: OptionField; message: string } | null>(null);

  function toggle(field: OptionField, option: string) {
    const outcome = toggleOption(preferences, field, option);
    if ('refused' in outcome) {
      setRefusal({ field, message: outcome.refused });
      return;
    }
    setRefusal(null);
    change(outcome.next, INSIGHTS_MESSAGES.preferenceSaveFailed);
  }

  return (
    <div className={styles.preferences}>
      <p className={styles.savedLine} role="status">
        {autosave.isSavedShown && <span className={styles.saved}>{INSIGHTS_MESSAGES.saved}</span>}
      </p>
      <p className={styles.intro}>
        Choose what your events and news are picked for. Changes are saved as you make them.
      </p>
      <div className={styles.preferenceGrid}>
        <Panel title="Topics">
          {OPTION_GROUPS.slice(0, 2).map((group) => (
            <OptionChips
              key={group.field}
              legend={group.legend}
              options={group.options}
              selected={preferences[group.field]}
              max={OPTION_FIELDS[group.field].max}
              onToggle={(option) => toggle(group.field, option)}
              error={refusal?.field === group.field ? refusal.message : null}
            />
          ))}
        </Panel>
        <Panel title="Events and business">
          {OPTION_GROUPS.slice(2).map((group) => (
            <OptionChips
              key={group.field}
              legend={group.legend}
              options={group.options}
              selected={preferences[group.field]}
              onToggle={(option) => toggle(group.field, option)}
            />
          ))}
        </Panel>
        <CompaniesPanel autosave={autosave} />
        <CustomInterestsPanel autosave={autosave} />
        <LocationPanel
          preferences={preferences}
          countries={OVERRIDE_COUNTRIES}
          onChange={(next) => change(next, INSIGHTS_MESSAGES.preferenceSaveFailed)}
        />
      </div>
      <div className={styles.actions}>
        <Link to="/insights" className={buttonClassName({})}>
          View Insights
        </Link>
        <Link to="/settings" className={buttonClassName({ variant: 'secondary' })}>
          Back to Settings
        </Link>
      </div>
    </div>
  );
}

function CompaniesPanel({ autosave: { preferences, change } }: { autosave: PreferencesAutosave }) {
  const [name, setName] = useState('');

  function add(event: FormEvent) {
    event.preventDefault();
    const next = addCompany(preferences, name);
    setName('');
    if (next !== preferences) change(next, INSIGHTS_MESSAGES.preferenceSaveFailed);
  }

  return (
    <Panel title="Companies" description="News and events that mention these companies rank higher.">
      <form className={styles.inlineForm} onSubmit={add}>
        <Field
          id="company-name"
          label="Company"
          value={name}
          maxLength={100}
          placeholder="e.g. Acme"
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={!name.trim()}>
          Add
        </Button>
      </form>
      {preferences.companies.length > 0 && (
        <ul className={styles.tagList} aria-label="Followed companies">
          {preferences.companies.map((company) => (
            <li key={company} className={styles.tag}>
              {company}
              <button
                type="button"
                className={styles.tagRemove}
                aria-label={`Remove ${company}`}
                onClick={() =>
                  change(removeCompany(preferences, company), INSIGHTS_MESSAGES.preferenceSaveFailed)
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function CustomInterestsPanel({
  autosave: { preferences, saved, change },
}: {
  autosave: PreferencesAutosave;
}) {
  const [text, setText] = useState(preferences.customInterests);
  // Spec §4: the button shows only while the text differs from the saved value.
  const isChanged = text.trim() !== saved.customInterests;

  function save(event: FormEvent) {
    event.preventDefault();
    change({ ...preferences, customInterests: text.trim() }, INSIGHTS_MESSAGES.preferencesSaveFailed);
  }

  return (
    <Panel title="Custom interests">
      <form className={styles.stackForm} onSubmit={save}>
        <label htmlFor="custom-interests" className={styles.fieldLabel}>
          Anything else you want to hear about
        </label>
        <textarea
          id="custom-interests"
          className={styles.textArea}
          value={text}
          maxLength={500}
          rows={3}
          placeholder="e.g. climate tech, developer tools, women in leadership"
          onChange={(event) => setText(event.target.value)}
        />
        {isChanged && (
          <Button type="submit" className={styles.alignStart}>
            Save Interests
          </Button>
        )}
      </form>
    </Panel>
  );
}
