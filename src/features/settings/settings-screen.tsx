// /settings: the settings menu (spec §2).
import { useNavigate } from 'react-router';
import { logOut } from '../../sync/log-out';
import { Menu, MenuButton, MenuLink } from '../../ui/menu';
import { Screen } from '../../ui/screen';

interface MenuEntry {
  label: string;
  to: string;
  state?: { from: string };
}

const MENU: MenuEntry[] = [
  // The reset screen's Back leads back here (see forgot-password-screen.tsx).
  { label: 'Change Password', to: '/forgot-password', state: { from: 'settings' } },
  { label: 'Notification Settings', to: '/notification-settings' },
  { label: 'Signed-in Devices', to: '/sessions' },
  { label: 'Edit Contacts', to: '/edit-contacts' },
  { label: 'Insight Preferences', to: '/insight-preferences' },
  { label: 'Contacts in Other Apps', to: '/other-apps' },
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
    <Screen title="Settings" backTo="/contacts">
      <Menu label="Settings">
        {MENU.map((entry) => (
          <MenuLink key={entry.to} to={entry.to} state={entry.state}>
            {entry.label}
          </MenuLink>
        ))}
        <MenuButton onClick={handleLogOut} isDanger>
          Log Out
        </MenuButton>
      </Menu>
    </Screen>
  );
}
