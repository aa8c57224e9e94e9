// The field people never see on the card page's forms: a bot filling every input fills it too, and the
// server then answers as it answers a person and keeps or sends nothing (never a third-party CAPTCHA).
import styles from './share-details.module.css';

export function HoneypotField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className={styles.trap} aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
