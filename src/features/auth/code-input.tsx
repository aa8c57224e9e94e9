// Six single-digit boxes for the e-mailed code (spec §5 Verification code).
import { type ClipboardEvent, type KeyboardEvent, type Ref, useRef } from 'react';
import { VERIFICATION_CODE_LENGTH } from '../../../contract/auth';
import styles from './auth.module.css';

interface CodeInputProps {
  digits: string[];
  onChange(digits: string[]): void;
  /** The first box, for the screen to put the focus back there (after a wrong code). */
  firstBoxRef?: Ref<HTMLInputElement>;
}

/** Writes `typed` digits into the boxes from `start` on; returns the new boxes and the box to focus. */
export function spreadDigits(
  digits: string[],
  start: number,
  typed: string,
): { digits: string[]; focus: number } {
  const incoming = typed.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH - start);
  const next = [...digits];
  for (const [offset, digit] of [...incoming].entries()) next[start + offset] = digit;
  return { digits: next, focus: Math.min(start + incoming.length, VERIFICATION_CODE_LENGTH - 1) };
}

export function CodeInput({ digits, onChange, firstBoxRef }: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  function focusBox(index: number) {
    const box = boxes.current[Math.max(0, Math.min(index, VERIFICATION_CODE_LENGTH - 1))];
    box?.focus();
    box?.select();
  }

  /** Deletions, and codes a phone fills in from its SMS or mail app (typed keys go through handleKeyDown). */
  function handleInput(index: number, value: string) {
    const typed = value.replace(/\D/g, '');
    if (typed === '') {
      onChange(digits.map((digit, position) => (position === index ? '' : digit)));
      return;
    }
    const result = spreadDigits(digits, index, typed);
    onChange(result.digits);
    focusBox(result.focus);
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    // A whole code fills the boxes from the first one, whichever box has the focus.
    const start = pasted.length >= VERIFICATION_CODE_LENGTH ? 0 : index;
    const result = spreadDigits(digits, start, pasted);
    onChange(result.digits);
    focusBox(result.focus);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    const isCharacter = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (isCharacter) {
      // Handled here rather than in onChange: retyping the digit a box already holds changes no value,
      // so React would fire no change and the focus would not move on.
      event.preventDefault();
      if (/\d/.test(event.key)) {
        const result = spreadDigits(digits, index, event.key);
        onChange(result.digits);
        focusBox(result.focus);
      }
    } else if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      onChange(digits.map((digit, position) => (position === index - 1 ? '' : digit)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  return (
    <fieldset className={styles.codeGroup}>
      <legend className={styles.codeLegend}>Verification code</legend>
      <div className={styles.codeBoxes}>
        {digits.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of six boxes; the position is the identity.
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
              if (index !== 0 || !firstBoxRef) return;
              if (typeof firstBoxRef === 'function') firstBoxRef(element);
              else firstBoxRef.current = element;
            }}
            className={styles.codeBox}
            type="text"
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${VERIFICATION_CODE_LENGTH}`}
            value={digit}
            onChange={(event) => handleInput(index, event.target.value)}
            onPaste={(event) => handlePaste(index, event)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
    </fieldset>
  );
}
