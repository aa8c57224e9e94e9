// The Tapnet mark: a card with the NFC waves, the same drawing as public/icons/icon.svg.
import { useId } from 'react';
import styles from './logo.module.css';

const WAVES = [
  'M234.7 220A50 50 0 0 1 234.7 292',
  'M262.5 191.3A90 90 0 0 1 262.5 320.7',
  'M290.3 162.5A130 130 0 0 1 290.3 349.5',
];

export function LogoMark({ size = 40 }: { size?: number }) {
  // Several marks on one page must not share a gradient id.
  const gradientId = useId();
  return (
    <svg className={styles.mark} width={size} height={size} viewBox="0 0 512 512" aria-hidden="true">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5b50f0" />
          <stop offset="1" stopColor="#3730a3" />
        </linearGradient>
      </defs>
      <rect width="512" height="512" rx="112" fill={`url(#${gradientId})`} />
      <rect x="96" y="128" width="320" height="256" rx="44" fill="#ffffff" />
      <g fill="none" stroke="#4338ca" strokeWidth="26" strokeLinecap="round">
        {WAVES.map((wave) => (
          <path key={wave} d={wave} />
        ))}
      </g>
      <circle cx="200" cy="256" r="20" fill="#4338ca" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className={styles.logo}>
      <LogoMark size={36} />
      <span className={styles.word}>Tapnet</span>
    </span>
  );
}
