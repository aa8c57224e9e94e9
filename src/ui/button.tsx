// The app's button: primary, secondary or quiet, with a busy state that blocks double submits.
import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'quiet' | 'danger';
  isBusy?: boolean;
  /** Shown instead of the children while busy, e.g. 'Logging in...'. */
  busyLabel?: string;
  isFullWidth?: boolean;
}

/** The button's look, for a link that acts as a button (e.g. one that opens another screen). */
export function buttonClassName({
  variant = 'primary',
  isFullWidth = false,
  className,
}: Pick<ButtonProps, 'variant' | 'isFullWidth' | 'className'>): string {
  return [styles.button, styles[variant], isFullWidth ? styles.fullWidth : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant = 'primary',
  isBusy = false,
  busyLabel,
  isFullWidth = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = buttonClassName({ variant, isFullWidth, className });
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || isBusy} aria-busy={isBusy}>
      {isBusy && <span className={styles.spinner} aria-hidden="true" />}
      {isBusy && busyLabel ? busyLabel : children}
    </button>
  );
}
