// /other-apps: the member's contacts in their phone, computer and other tools (issue 29): the CardDAV
// address book with its app passwords and set-up steps, and webhooks.
import { Screen } from '../../ui/screen';
import { AddressBookPanel } from './address-book-panel';
import { SetupSteps } from './setup-steps';
import { WebhooksPanel } from './webhooks-panel';

export function OtherAppsScreen() {
  return (
    <Screen title="Contacts in Other Apps" backTo="/settings" width="reading">
      <AddressBookPanel />
      <SetupSteps />
      <WebhooksPanel />
    </Screen>
  );
}
