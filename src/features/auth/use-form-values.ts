// The typed values of a sign-in form, each handed to its field as a value and a setter.
import { useState } from 'react';

/** What a field needs to show and change one form value. */
export interface BoundField {
  value: string;
  onValue(value: string): void;
}

export function useFormValues<Name extends string>(initial: Record<Name, string>) {
  const [values, setValues] = useState(initial);

  function field(name: Name): BoundField {
    return {
      value: values[name],
      onValue: (value) => setValues((current) => ({ ...current, [name]: value })),
    };
  }

  return { values, field };
}
