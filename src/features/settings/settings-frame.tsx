// The settings screens on a wide screen: every entry of the settings screen listed beside the one open
// (spec §2 /settings, issue 27), so a member moves between them without going back to /settings. Phones
// keep the menu and Back links alone.
import { NavLink, Outlet, useLocation } from 'react-router';
import { SETTINGS_ENTRIES, useLogOut } from './settings-entries';
import styles from './settings-frame.module.css';

export function SettingsFrame() {
  const { pathname } = useLocation();
  const logOut = useLogOut();
  return (
    <div className={styles.frame}>
      <nav className={styles.nav} aria-label="Settings sections">
        <NavLink to="/settings" end className={styles.navTitle}>
          Settings
        </NavLink>
        <ul className={styles.sections}>
          {SETTINGS_ENTRIES.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                state={section.state}
                className={styles.section}
                aria-current={
                  pathname === section.to || section.within?.includes(pathname) ? 'page' : undefined
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
          <li>
            <button type="button" className={`${styles.section} ${styles.logOut}`} onClick={logOut}>
              Log Out
            </button>
          </li>
        </ul>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
