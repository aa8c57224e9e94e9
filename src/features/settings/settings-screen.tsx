// /settings: the settings menu (spec §2).
import { Menu, MenuButton, MenuLink } from '../../ui/menu';
import { Screen } from '../../ui/screen';
import { SETTINGS_ENTRIES, useLogOut } from './settings-entries';

export function SettingsScreen() {
  const logOut = useLogOut();

  return (
    <Screen title="Settings" backTo="/contacts">
      <Menu label="Settings">
        {SETTINGS_ENTRIES.map((entry) => (
          <MenuLink key={entry.to} to={entry.to} state={entry.state}>
            {entry.label}
          </MenuLink>
        ))}
        <MenuButton onClick={logOut} isDanger>
          Log Out
        </MenuButton>
      </Menu>
    </Screen>
  );
}
