// A select with its label above it, for the location override and the topic filters.
import styles from './insights.module.css';

interface LabelledSelectProps {
  id: string;
  label: string;
  value: string;
  /** The first option, chosen when nothing is: its value is ''. */
  noneLabel: string;
  options: readonly string[];
  onChange: (value: string) => void;
}

export function LabelledSelect({ id, label, value, noneLabel, options, onChange }: LabelledSelectProps) {
  return (
    <div className={styles.selectField}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{noneLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
