// /settings: the settings menu (spec §2).
import { Link, useNavigate } from 'react-router';
import { logOut } from '../../session/log-out';
import styles from './settings.module.css';

interface MenuEntry {
  label: string;
  to: string;
  state?: { from: string };
}

const MENU: MenuEntry[] = [
  { label: 'Change Password', to: '/forgot-password', state: { from: 'settings' } },
  { label: 'Notification Settings', to: '/notification-settings' },
  { label: 'Edit Contacts', to: '/edit-contacts' },
  { label: 'Insight Preferences', to: '/insight-preferences' },
  { label: 'Policy Documents', to: '/policy' },
  { label: 'Account', to: '/account-settings' },
];

export function SettingsScreen() {
  const navigate = useNavigate();

  function handleLogOut() {
    logOut();
    navigate('/login', { replace: true });
  }

  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <Link to="/contacts" className={styles.back}>
          <span aria-hidden="true">←</span> Back
        </Link>
        <h1 className={styles.title}>Settings</h1>
        <nav aria-label="Settings">
          <ul className={styles.menu}>
            {MENU.map((entry) => (
              <li key={entry.to}>
                <Link to={entry.to} state={entry.state} className={styles.entry}>
                  {entry.label}
                  <span aria-hidden="true" className={styles.chevron}>
                    ›
                  </span>
                </Link>
              </li>
            ))}
            <li>
              <button type="button" className={`${styles.entry} ${styles.logOut}`} onClick={handleLogOut}>
                Log Out
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </main>
  );
}
