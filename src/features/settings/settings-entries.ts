// The entries of the settings screen (spec §2 /settings), in its order: the /settings menu lists them,
// and on wide screens the sidebar beside every settings section lists the same ones, Log Out included.
import { useNavigate } from 'react-router';
import { logOut } from '../../sync/log-out';
export interface SettingsEntry {
  label: string;
  to: string;
  /** Where the entry's screen leads Back to (the reset screen reads it). */
  state?: { from: string };
  /** Screens opened from this entry that belong to it (marked as current in the sidebar). */
  within?: readonly string[];
}

export const SETTINGS_ENTRIES: readonly SettingsEntry[] = [
  // The reset screen's Back leads back to settings (see forgot-password-screen.tsx).
  { label: 'Change Password', to: '/forgot-password', state: { from: 'settings' } },
  { label: 'Notification Settings', to: '/notification-settings' },
  { label: 'Signed-in Devices', to: '/sessions' },
  { label: 'Edit Contacts', to: '/edit-contacts' },
  { label: 'Insight Preferences', to: '/insight-preferences' },
  { label: 'Contacts in Other Apps', to: '/other-apps' },
  { label: 'Policy Documents', to: '/policy' },
  { label: 'Account', to: '/account-settings', within: ['/privacy-settings', '/delete-account'] },
];

/** Log Out, the last entry: ends the session and goes to /login. */
export function useLogOut(): () => void {
  const navigate = useNavigate();
  return () => {
    logOut();
    navigate('/login', { replace: true });
  };
}
