// A value that turns into an input when clicked and back when the input loses focus (spec §4 Account page).
import { type InputHTMLAttributes, useEffect, useRef } from 'react';
import detailRows from '../../ui/detail-rows.module.css';
import styles from './account.module.css';

interface EditableFieldProps {
  id: string;
  label: string;
  value: string;
  isEditing: boolean;
  onStartEdit: () => void;
  onDone: () => void;
  /** Escape: puts back the loaded value and leaves edit mode. */
  onRevert: () => void;
  onChange: (value: string) => void;
  error?: string | null;
  emptyText?: string;
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'spellCheck'>;
}

export function EditableField({
  id,
  label,
  value,
  isEditing,
  onStartEdit,
  onDone,
  onRevert,
  onChange,
  error,
  emptyText = 'Not set',
  input,
}: EditableFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = error ? `${id}-error` : undefined;

  useEffect(() => {
    if (isEditing) inputRef.current?.focus();
  }, [isEditing]);

  return (
    <div className={`${detailRows.row} ${styles.row}`}>
      {isEditing ? (
        <>
          <label htmlFor={id} className={detailRows.label}>
            {label}
          </label>
          <input
            ref={inputRef}
            id={id}
            className={styles.input}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onDone}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                onDone();
              } else if (event.key === 'Escape') {
                onRevert();
              }
            }}
            {...input}
          />
        </>
      ) : (
        <>
          <span className={detailRows.label}>{label}</span>
          <button type="button" className={styles.valueButton} onClick={onStartEdit}>
            <span className="visually-hidden">Edit {label}: </span>
            <span className={value ? styles.value : styles.emptyValue}>{value || emptyText}</span>
            <span className={styles.pencil} aria-hidden="true">
              ✎
            </span>
          </button>
        </>
      )}
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
