// The settings screens on a wide screen: their sections listed beside the one open, so a member moves
// between them without going back to /settings. Phones keep the menu and Back links alone.
import { NavLink, Outlet, useLocation } from 'react-router';
import styles from './settings-frame.module.css';

interface Section {
  label: string;
  to: string;
  /** Screens opened from this section that belong to it. */
  within?: readonly string[];
}

const SECTIONS: readonly Section[] = [
  { label: 'Notification Settings', to: '/notification-settings' },
  { label: 'Insight Preferences', to: '/insight-preferences' },
  { label: 'Signed-in Devices', to: '/sessions' },
  { label: 'Contacts in Other Apps', to: '/other-apps' },
  { label: 'Policy Documents', to: '/policy' },
  { label: 'Account', to: '/account-settings', within: ['/privacy-settings', '/delete-account'] },
];

export function SettingsFrame() {
  const { pathname } = useLocation();
  return (
    <div className={styles.frame}>
      <nav className={styles.nav} aria-label="Settings sections">
        <NavLink to="/settings" end className={styles.navTitle}>
          Settings
        </NavLink>
        <ul className={styles.sections}>
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                className={styles.section}
                aria-current={
                  pathname === section.to || section.within?.includes(pathname) ? 'page' : undefined
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
