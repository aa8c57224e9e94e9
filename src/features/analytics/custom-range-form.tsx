// A custom range: start and end dates, applied only once both are set (spec §5), and only when the
// server would take it: the contract's own rules, so the member reads why here instead of a load error.
import { type FormEvent, useState } from 'react';
import { UserAnalyticsQuerySchema } from '../../../contract/analytics';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import styles from './analytics.module.css';
import { localToday } from './figures';

export interface CustomRange {
  startDate: string;
  endDate: string;
}

/** Why the contract refuses the pair, or null when it takes it. */
function rangeProblem(range: CustomRange): string | null {
  const parsed = UserAnalyticsQuerySchema.safeParse(range);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

export function CustomRangeForm({ onApply }: { onApply: (range: CustomRange) => void }) {
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const canApply = startDate !== '' && endDate !== '';

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!canApply) return;
    const problem = rangeProblem({ startDate, endDate });
    setError(problem);
    if (problem === null) onApply({ startDate, endDate });
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
