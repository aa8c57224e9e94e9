// The e-mail and password fields of the sign-in screens: one label, type and autofill hint each.
import { PASSWORD_MIN_LENGTH } from '../../../contract/fields';
import { TextField } from './text-field';
import type { BoundField } from './use-form-values';

const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with an uppercase letter, a lowercase letter and a number.`;

export function EmailField(props: { id: string } & BoundField) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" required {...props} />;
}

interface PasswordFieldProps extends BoundField {
  id: string;
  label?: string;
  /** The account's password, a new one (with the rules as a hint), or the new one typed again. */
  kind: 'current' | 'new' | 'confirmation';
  minLength?: number;
}

export function PasswordField({ kind, label = 'Password', ...props }: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      hint={kind === 'new' ? NEW_PASSWORD_HINT : undefined}
      type="password"
      autoComplete={kind === 'current' ? 'current-password' : 'new-password'}
      required
      {...props}
    />
  );
}
