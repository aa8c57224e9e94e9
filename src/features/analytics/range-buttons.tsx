// A row of range buttons (Week, Month…; 7 days, 30 days…): one is pressed, the others choose it.
import styles from './analytics.module.css';

export interface RangeOption<Id extends string> {
  id: Id;
  label: string;
}

interface RangeButtonsProps<Id extends string> {
  /** Names the group for screen readers, e.g. 'Time range'. */
  label: string;
  options: readonly RangeOption<Id>[];
  /** None is pressed while a custom range is shown. */
  selected: Id | null;
  onSelect: (id: Id) => void;
}

export function RangeButtons<Id extends string>({
  label,
  options,
  selected,
  onSelect,
}: RangeButtonsProps<Id>) {
  return (
    <fieldset className={styles.ranges}>
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          className={styles.range}
          aria-pressed={option.id === selected}
          onClick={() => onSelect(option.id)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
