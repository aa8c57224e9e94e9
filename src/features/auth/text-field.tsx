// A labelled input with an optional hint that screen readers read with it.
import type { InputHTMLAttributes } from 'react';
import styles from './auth.module.css';
import type { BoundField } from './use-form-values';

interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>,
    BoundField {
  id: string;
  label: string;
  hint?: string;
}

export function TextField({ id, label, hint, value, onValue, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <input
        id={id}
        className={styles.input}
        aria-describedby={hintId}
        {...input}
        value={value}
        onChange={(event) => onValue(event.target.value)}
      />
    </div>
  );
}
