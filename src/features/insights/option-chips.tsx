// A group of options the member picks several of, as chips that are checkboxes underneath (keyboard,
// screen readers and forms know them). A limit, when given, shows as "2 of 3 selected".
import { useId } from 'react';
import styles from './insights.module.css';

interface OptionChipsProps {
  legend: string;
  options: readonly string[];
  selected: readonly string[];
  max?: number | null;
  onToggle: (option: string) => void;
  /** Shown under the chips and read with them: the spec's refusal after a pick past the limit. */
  error?: string | null;
}

export function OptionChips({ legend, options, selected, max = null, onToggle, error }: OptionChipsProps) {
  const id = useId();
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <fieldset className={styles.chipGroup} aria-describedby={error ? `${countId} ${errorId}` : countId}>
      <legend className={styles.chipLegend}>
        {legend}
        <span id={countId} className={styles.chipCount}>
          {max === null ? `${selected.length} selected` : `${selected.length} of ${max} selected`}
        </span>
      </legend>
      <div className={styles.chips}>
        {options.map((option) => {
          const inputId = `${id}-${option}`;
          return (
            <div key={option} className={styles.chip}>
              <input
                id={inputId}
                type="checkbox"
                className={styles.chipInput}
                checked={selected.includes(option)}
                onChange={() => onToggle(option)}
              />
              <label htmlFor={inputId} className={styles.chipLabel}>
                {option}
              </label>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className={styles.fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
