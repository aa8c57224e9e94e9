// The app's header on every signed-in screen (issue 27 point 4, newcomer review M13): the logo leading
// home to the contacts, Invitations with the count waiting, and the menu of the other screens.
import { Link } from 'react-router';
import appBar from './app-bar.module.css';
import styles from './app-header.module.css';
import { DropdownMenu } from './dropdown-menu';
import { Icon, type IconName } from './icon';
import { Logo } from './logo';

const SETTINGS_MENU = [
  { label: 'Map', to: '/map' },
  { label: 'My Account', to: '/account' },
  { label: 'My Card', to: '/my-card' },
  { label: 'Insights', to: '/insights' },
  { label: 'Settings', to: '/settings' },
] as const;

interface AppHeaderProps {
  /** Invitations waiting; null hides the badge (none, or they could not be loaded). */
  invitationCount: number | null;
  /** Where the screen places the bar in its own layout. */
  className?: string;
  /** The screen's own actions, placed before Invitations (the contacts screen's "Add someone"). */
  screenLinks?: readonly { to: string; label: string; icon: IconName }[];
}

export function AppHeader({ invitationCount, className = '', screenLinks = [] }: AppHeaderProps) {
  return (
    <header className={`${appBar.bar} ${styles.header} ${className}`}>
      <Link to="/contacts" className={styles.home} aria-label="Tapnet, your contacts">
        <Logo />
      </Link>
      <nav className={styles.actions} aria-label="Tapnet">
        {screenLinks.map((link) => (
          <Link key={link.to} to={link.to} className={styles.iconButton}>
            <Icon name={link.icon} />
            <span className={styles.iconButtonText}>{link.label}</span>
          </Link>
        ))}
        {/* Named by its text, not an aria-label, so the visible count is part of the name (WCAG 2.5.3). */}
        <Link to="/invitations" className={styles.iconButton}>
          <Icon name="inbox" />
          <span className={styles.iconButtonText}>Invitations</span>
          {invitationCount ? (
            <span className={styles.badge}>
              {invitationCount > 99 ? '99+' : invitationCount}
              <span className={styles.spokenOnly}> pending</span>
            </span>
          ) : null}
        </Link>
        <DropdownMenu label="Settings menu" items={SETTINGS_MENU} buttonClassName={styles.iconButton}>
          <Icon name="menu" />
          <span className={styles.iconButtonText}>Menu</span>
        </DropdownMenu>
      </nav>
    </header>
  );
}
