// A screen still loading: blank at first, the pulsing logo once loading has lasted long enough to notice.
import { useEffect, useState } from 'react';
import styles from './loading-placeholder.module.css';
import { LogoMark } from './logo';

/** Spec §2, §9: the logo loading placeholder shows once loading has lasted this long. */
export const LOADING_PLACEHOLDER_DELAY_MS = 500;

export function LoadingPlaceholder({ label }: { label: string }) {
  const [isShown, setIsShown] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setIsShown(true), LOADING_PLACEHOLDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className={styles.area} role="status" aria-busy="true">
      {isShown ? (
        <>
          <span className={styles.pulse}>
            <LogoMark size={64} />
          </span>
          <span className={styles.label}>{label}</span>
        </>
      ) : (
        <span className="visually-hidden">{label}</span>
      )}
    </div>
  );
}
