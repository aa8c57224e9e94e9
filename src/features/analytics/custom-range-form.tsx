// A custom range: start and end dates, applied only once both are set (spec §5).
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import styles from './analytics.module.css';
import { localToday } from './figures';

export interface CustomRange {
  startDate: string;
  endDate: string;
}

export const START_AFTER_END_MESSAGE = 'The start date must be on or before the end date.';

export function CustomRangeForm({ onApply }: { onApply: (range: CustomRange) => void }) {
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const canApply = startDate !== '' && endDate !== '';

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!canApply) return;
    if (startDate > endDate) {
      setError(START_AFTER_END_MESSAGE);
      return;
    }
    setError(null);
    onApply({ startDate, endDate });
  }

  return (
    <form className={styles.customRange} onSubmit={apply} aria-label="Custom range">
      <Field
        id="analytics-start-date"
        label="Start date"
        type="date"
        max={localToday()}
        value={startDate}
        onChange={(event) => setStartDate(event.target.value)}
        error={error}
      />
      <Field
        id="analytics-end-date"
        label="End date"
        type="date"
        max={localToday()}
        value={endDate}
        onChange={(event) => setEndDate(event.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={!canApply}>
        Apply
      </Button>
    </form>
  );
}
