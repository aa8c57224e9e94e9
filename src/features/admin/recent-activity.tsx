// The last logins and registrations (spec §2 Overview, Users, Sessions), newest first.
import type { RecentLogin, RecentRegistration } from '../../../contract/admin-analytics';
import { Icon } from '../../ui/icon';
import styles from './admin.module.css';
import { countryName, deviceName, formatDateTime } from './format';

export function RecentLogins({ logins, empty }: { logins: readonly RecentLogin[]; empty: string }) {
  if (logins.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ol className={styles.activity}>
      {logins.map((login) => (
        <li key={`${login.user.email}-${login.loginAt}`} className={styles.activityItem}>
          <span className={styles.activityEmail}>{login.user.email}</span>
          <span className={styles.activityMeta}>
            <time dateTime={login.loginAt}>{formatDateTime(login.loginAt)}</time>
            {' · '}
            {deviceName(login.device)}
            {' · '}
            {countryName(login.country)}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * A tick for a verified e-mail, an hourglass for one still waiting for its code (drawn, so that no
 * emoji font is needed), both also said in words.
 */
function VerifiedMark({ isVerified }: { isVerified: boolean }) {
  const label = isVerified ? 'Verified' : 'Verification pending';
  return (
    <span
      className={isVerified ? styles.verified : styles.pending}
      role="img"
      aria-label={label}
      title={label}
    >
      <Icon name={isVerified ? 'check' : 'hourglass'} size={18} />
    </span>
  );
}

export function RecentRegistrations({
  registrations,
  empty,
}: {
  registrations: readonly RecentRegistration[];
  empty: string;
}) {
  if (registrations.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ol className={styles.activity}>
      {registrations.map((registration) => (
        <li key={`${registration.email}-${registration.createdAt}`} className={styles.activityItem}>
          <span className={styles.activityEmail}>
            <VerifiedMark isVerified={registration.isVerified} /> {registration.email}
          </span>
          <span className={styles.activityMeta}>
            <time dateTime={registration.createdAt}>{formatDateTime(registration.createdAt)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
