// /privacy-settings: what Tapnet keeps about the member, and their contacts as a file to take with them.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ContactExportFormat } from '../../../contract/user';
import { downloadContactsExport } from '../../api/user';
import { useContacts } from '../../sync/use-contacts';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { Panel, PanelText } from '../../ui/panel';
import { saveFile } from '../../ui/save-file';
import { Screen } from '../../ui/screen';
import { useAction } from '../../ui/use-action';
import styles from './account-settings.module.css';

export const EXPORT_FAILED = 'Failed to export your contacts. Please try again.';

const KEPT_DATA: { title: string; detail: string }[] = [
  {
    title: 'Your account',
    detail:
      'Name, email address, date of birth, when you joined and last signed in, and your email preference. ' +
      'Your password is kept only as a one-way hash.',
  },
  {
    title: 'Your business card',
    detail: 'The fields you fill in on My Card, and the Card ID linked to your account.',
  },
  {
    title: 'Your contacts',
    detail:
      'The cards you saved, your notes, flags and events on them, when you met and, only if you allowed it ' +
      'when saving, where (latitude and longitude). The current event you set, until you end it. ' +
      'Invitations you sent and received. A copy of your contact list as the app last fetched it, so it ' +
      'loads quickly after our server restarts.',
  },
  {
    title: 'Visits to your card page',
    detail:
      'Views, taps, link clicks and saves of your public card, with whether the visitor used a phone and ' +
      'which site sent them. Visitors’ IP addresses are not stored.',
  },
  {
    title: 'Sign-in records',
    detail:
      'Your sign-in sessions, recent failed sign-in attempts (to lock out password guessing), and ' +
      'short-lived verification codes and password-reset links, all codes and links stored only as hashes.',
  },
  {
    title: 'On this device',
    detail:
      'Your session, a copy of your contacts for offline use, and contact saves waiting for a connection, ' +
      'in this browser’s storage. Logging out removes the session and the copy.',
  },
];

const FORMATS: { format: ContactExportFormat; label: string }[] = [
  { format: 'vcf', label: 'Download vCard (.vcf)' },
  { format: 'csv', label: 'Download CSV (.csv)' },
  { format: 'google-csv', label: 'Download for Google Contacts (.csv)' },
  { format: 'outlook-csv', label: 'Download for Outlook (.csv)' },
];

/** The events the member's contacts are tagged with, for exporting one event's contacts. */
function useContactEvents(): string[] {
  const contacts = useContacts();
  return useMemo(() => {
    const names = new Set<string>();
    for (const contact of contacts ?? []) if (contact.event) names.add(contact.event);
    return [...names].sort((a, b) => a.localeCompare(b));
  }, [contacts]);
}

export function PrivacySettingsScreen() {
  const events = useContactEvents();
  const [event, setEvent] = useState('');
  const exporting = useAction(async (format: ContactExportFormat) => {
    const { blob, fileName } = await downloadContactsExport(format, event || undefined);
    saveFile(blob, fileName);
  });
  const busyFormat = exporting.runningWith ?? null;

  return (
    <Screen title="Privacy Settings" backTo="/account-settings">
      <Panel title="What Tapnet keeps about you">
        <ul className={styles.list}>
          {KEPT_DATA.map((item) => (
            <li key={item.title}>
              <strong>{item.title}.</strong> {item.detail}
            </li>
          ))}
        </ul>
        <PanelText>
          Tapnet does not sell your data or show you ads. People who saved your card keep the copy they saved,
          as they would a paper card.
        </PanelText>
      </Panel>
      <Panel title="Export your contacts">
        <PanelText>
          All your contacts with your notes, in one file: vCard for phone and computer address books, CSV for
          spreadsheets, or a CSV file Google Contacts or Outlook imports as it is.
        </PanelText>
        {events.length > 0 && (
          <label className={styles.eventChoice}>
            <span>Which contacts</span>
            <select value={event} onChange={(change) => setEvent(change.target.value)}>
              <option value="">All contacts</option>
              {events.map((name) => (
                <option key={name} value={name}>
                  Met at {name}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className={styles.actions}>
          {FORMATS.map(({ format, label }) => (
            <Button
              key={format}
              variant="secondary"
              onClick={() => exporting.run(format)}
              isBusy={busyFormat === format}
              busyLabel="Preparing..."
              disabled={busyFormat !== null}
            >
              {label}
            </Button>
          ))}
        </div>
        {exporting.hasFailed && <Notice tone="error" title={EXPORT_FAILED} />}
      </Panel>
      <Panel title="Delete your data">
        <PanelText>
          Deleting your account removes all of the above from Tapnet for good.{' '}
          <Link to="/delete-account">Delete my account</Link>
        </PanelText>
      </Panel>
    </Screen>
  );
}
