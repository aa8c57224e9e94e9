// The card's accent colour: a few presets that white text stays readable on, or the member's own hex
// colour (refused, with the reason, when white text on it would fall under 4.5:1).
import { ACCENT_PRESETS } from '../../../contract/card-extras';
import { Field } from '../../ui/field';
import styles from './card-looks.module.css';

const HOUSE = '';

export function AccentPicker({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (accent: string) => void;
}) {
  const isCustom = value !== HOUSE && !ACCENT_PRESETS.includes(value as (typeof ACCENT_PRESETS)[number]);
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? 'card-accent-error' : undefined}>
      <legend className={styles.legend}>Accent colour</legend>
      <div className={styles.swatches}>
        {[HOUSE, ...ACCENT_PRESETS].map((accent) => (
          <label
            key={accent || 'house'}
            className={styles.swatch}
            // A client-rendered screen: React sets this through the DOM, which the CSP allows.
            style={{ background: accent || 'var(--brand)' }}
          >
            <input
              type="radio"
              name="card-accent"
              value={accent}
              checked={value === accent}
              onChange={() => onChange(accent)}
            />
            <span className="visually-hidden">{accent ? `Accent ${accent}` : 'Tapnet purple'}</span>
          </label>
        ))}
      </div>
      <Field
        id="card-accent"
        label="Custom colour (hex)"
        hint="White text must stay readable on it (contrast at least 4.5:1)."
        placeholder="#4338ca"
        autoComplete="off"
        spellCheck={false}
        value={isCustom ? value : ''}
        error={error}
        onChange={(event) => onChange(event.target.value.trim())}
      />
    </fieldset>
  );
}
